"use client";
import { Check, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { QUICK_REJECT_REASONS } from "@/lib/facts/schema";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * What a selection will do, stated before doing it: how many cards each button decides, and the gated
 * ones a bulk approval leaves out (the gate asks for a look at each). Rejecting many cards asks why, and
 * for a second click that says how many. Stays in view while scrolling.
 */
export function BulkBar({
  count,
  gated,
  allMatching,
  matchingTotal,
  canSelectAll,
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
  onSelectAll: () => void;
  onApprove: () => void;
  onReject: (reason: string) => void;
  onClear: () => void;
}) {
  const approvable = count - gated;
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState<string>(QUICK_REJECT_REASONS[0]);
  const reasonField = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (rejecting) reasonField.current?.focus();
  }, [rejecting]);
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
      {rejecting ? (
        <form
          aria-label="Reject the selection"
          className="flex w-full flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setRejecting(false);
            onReject(reason);
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.preventDefault();
              setRejecting(false);
            }
          }}
        >
          <label className="text-sm" htmlFor="bulk-reason">
            Reject {count.toLocaleString("en")} card{count === 1 ? "" : "s"} as
          </label>
          <select
            id="bulk-reason"
            ref={reasonField}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="h-8 rounded-md border border-border bg-white px-2 text-sm"
          >
            {QUICK_REJECT_REASONS.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
          <Button size="sm" variant="danger" type="submit">
            <X aria-hidden /> Reject {count.toLocaleString("en")}
          </Button>
          <Button size="sm" variant="ghost" type="button" onClick={() => setRejecting(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <span className="flex flex-wrap gap-2 sm:ml-auto">
          <Button size="sm" variant="success" disabled={approvable === 0} onClick={onApprove}>
            <Check aria-hidden /> Approve {approvable.toLocaleString("en")}
            {gated > 0 ? ` (${gated} gated left out)` : ""}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setRejecting(true)}>
            <X aria-hidden /> Reject {count.toLocaleString("en")}…
          </Button>
          <Button size="sm" variant="ghost" onClick={onClear}>
            Clear
          </Button>
        </span>
      )}
    </div>
  );
}
