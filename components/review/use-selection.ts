import { useRef, useState } from "react";
import type { ReviewItem } from "@/components/review/types";

/**
 * The selection bulk actions decide: cards of this page (x, a checkbox, shift for a range), or every card
 * of the view on every page (allMatching), with how many of them are gated.
 */
export function useSelection(visible: ReviewItem[], matching: { total: number; gated: number }) {
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const anchor = useRef<number | null>(null);
  function pick(index: number, range: boolean) {
    const item = visible[index];
    if (!item) return;
    setAllMatching(false);
    // Read now: the updater below runs later, after the anchor has moved to this card.
    const from = range && anchor.current !== null ? Math.min(anchor.current, index) : index;
    const to = range && anchor.current !== null ? Math.max(anchor.current, index) : index;
    const span = visible.slice(from, to + 1).map((card) => card.id);
    setPicked((prev) => {
      const next = new Set(prev);
      const on = !prev.has(item.id);
      for (const id of span) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
    anchor.current = index;
  }
  const pickedItems = visible.filter((item) => picked.has(item.id));
  const selectionCount = allMatching ? matching.total : pickedItems.length;
  const selectionGated = allMatching ? matching.gated : pickedItems.filter((i) => i.status === "gated").length;

  return {
    picked,
    allMatching,
    pickedItems,
    count: selectionCount,
    gated: selectionGated,
    pick,
    selectAll: () => setAllMatching(true),
    clear: () => {
      setPicked(new Set());
      setAllMatching(false);
    },
  };
}
