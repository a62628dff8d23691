"use client";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

/** Cards left on the page at which it asks the server for the next ones instead of waiting for the poll. */
const REFILL_AT = 5;

/**
 * A reviewer quicker than the queue's stamp poll (4 s) can decide the page down to its last cards before it
 * refills, and be left with none to decide. With a few cards left, more waiting on the server (`more`: the view's
 * cards from this page on) and every decision saved (so the server's page no longer holds them), the page is asked
 * for at once, once per list the server sent.
 */
export function useQueueRefill({
  visible,
  pending,
  more,
  items,
  readOnly,
}: {
  visible: number;
  pending: number;
  more: number;
  items: unknown[];
  readOnly: boolean;
}) {
  const router = useRouter();
  const refilled = useRef<unknown[] | null>(null);
  useEffect(() => {
    if (readOnly || more <= visible || pending > 0 || visible > REFILL_AT || refilled.current === items) return;
    refilled.current = items;
    router.refresh();
  }, [visible, pending, more, items, readOnly, router]);
}
