"use client";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

/** How often an open queue asks whether anything changed. */
const POLL_MS = 4_000;

/**
 * Keeps an open queue true while others work on it: polls a cheap stamp of the queue and, when it
 * changes, fetches the page again (what another reviewer decided disappears, re-judged verdicts show).
 */
export function QueueLive() {
  const router = useRouter();
  const seen = useRef<string | null>(null);
  const { data } = useQuery({
    queryKey: ["queue-stamp"],
    queryFn: async () => {
      const response = await fetch("/api/queue/stamp", { cache: "no-store" });
      if (!response.ok) throw new Error(`queue stamp ${response.status}`);
      return ((await response.json()) as { stamp: string }).stamp;
    },
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
  });
  useEffect(() => {
    if (data === undefined) return;
    if (seen.current !== null && seen.current !== data) router.refresh();
    seen.current = data;
  }, [data, router]);
  return null;
}
