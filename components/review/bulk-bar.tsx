"use client";
import { Check, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * What a selection will do, stated before doing it: how many cards each button decides, and the gated
 * ones a bulk approval leaves out (the gate asks for a look at each). Stays in view while scrolling.
 */
export function BulkBar({
  count,
  gated,
  allMatching,
  matchingTotal,
  canSelectAll,
  busy,
  onSelectAll,
  onApprove,
  onReject,
  onClear,
}: {
  count: number;
  /** Gated cards among the selection. */
  gated: number;
  /** The selection is every card of the view, on every page. */
  allMatching: boolean;
  matchingTotal: number;
  /** The whole page is selected and the view has more: offer every card of it. */
  canSelectAll: boolean;
  busy: boolean;
  onSelectAll: () => void;
  onApprove: () => void;
  onReject: () => void;
  onClear: () => void;
}) {
  const approvable = count - gated;
  return (
    <div
      role="region"
      aria-label="Selection"
      className={cn(
        "sticky top-2 z-10 mb-3 flex flex-wrap items-center gap-3",
        "rounded-lg border border-primary bg-white p-3 shadow-sm",
      )}
    >
      <span className="text-sm font-medium" aria-live="polite">
        {allMatching ? `All ${count.toLocaleString("en")} cards of this view selected` : `${count} selected`}
      </span>
      {canSelectAll ? (
        <button type="button" className="text-sm text-primary underline-offset-2 hover:underline" onClick={onSelectAll}>
          Select all {matchingTotal.toLocaleString("en")} matching the filter
        </button>
      ) : null}
      <span className="ml-auto flex flex-wrap gap-2">
        <Button size="sm" variant="success" disabled={busy || approvable === 0} onClick={onApprove}>
          <Check aria-hidden /> Approve {approvable.toLocaleString("en")}
          {gated > 0 ? ` (${gated} gated left out)` : ""}
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={onReject}>
          <X aria-hidden /> Reject {count.toLocaleString("en")}
        </Button>
        <Button size="sm" variant="ghost" onClick={onClear}>
          Clear
        </Button>
      </span>
    </div>
  );
}
