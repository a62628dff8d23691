"use client";
import { LayoutList, Maximize2 } from "lucide-react";
import { ShortcutKey } from "@/components/ui/shortcut-key";
import { Button } from "@/components/ui/button";
import type { QueueView } from "@/lib/queue/session";
import { cn } from "@/lib/utils";

/**
 * Where the reviewer is: "12 of 39 · 4 approved · 7 rejected" (this pass), the decisions still being
 * saved (the busy cue: keys keep working meanwhile), and the switch between the list and the focused view.
 */
export function QueueProgress({
  position,
  total,
  tally,
  pending,
  view,
  onToggleView,
  shortcuts,
}: {
  /** The selected card's place among all the view's cards, decided ones of this pass included. */
  position: number;
  total: number;
  tally: { approved: number; merged: number; rejected: number };
  pending: number;
  view: QueueView;
  onToggleView: () => void;
  shortcuts: boolean;
}) {
  const n = (x: number) => x.toLocaleString("en");
  return (
    <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      <p aria-label="Progress" className="font-medium">
        {`${n(position)} of ${n(total)} · ${n(tally.approved)} approved`}
        {tally.merged > 0 ? ` · ${n(tally.merged)} merged` : ""}
        {` · ${n(tally.rejected)} rejected`}
      </p>
      <span role="status" className="text-muted-foreground">
        {pending > 0 ? `Saving ${pending} decision${pending === 1 ? "" : "s"}…` : ""}
      </span>
      <Button
        size="sm"
        variant="outline"
        // Pressed, it keeps the outline's hover (a utility would win over the `btn-outline` class's).
        className={cn("ml-auto", view === "focus" && "border-primary bg-accent text-primary hover:bg-muted")}
        onClick={onToggleView}
        aria-keyshortcuts={shortcuts ? "f" : undefined}
        aria-pressed={view === "focus"}
      >
        {view === "focus" ? <Maximize2 aria-hidden /> : <LayoutList aria-hidden />}
        One card at a time
        <ShortcutKey keyName="f" show={shortcuts} />
      </Button>
    </div>
  );
}
