"use client";
import { useQuery } from "@tanstack/react-query";
import { useRouter, useSearchParams } from "next/navigation";
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
  // The page's space (none: the person's home space, which the stamp resolves the same way).
  const space = useSearchParams().get("space");
  const { data } = useQuery({
    queryKey: ["queue-stamp", space],
    queryFn: async () => {
      const query = space ? `?space=${encodeURIComponent(space)}` : "";
      const response = await fetch(`/api/queue/stamp${query}`, { cache: "no-store" });
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
