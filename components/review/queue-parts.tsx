"use client";
import { ChevronLeft, ChevronRight, Undo2 } from "lucide-react";
import { ShortcutKey } from "@/components/ui/shortcut-key";
import { toast } from "sonner";
import { DONE_MESSAGE } from "@/components/review/send";
import type { ReviewAction, ReviewEdits, ReviewItem } from "@/components/review/types";
import { Button } from "@/components/ui/button";
import type { Outcome, QueueView, SettledEvent } from "@/lib/queue/session";

/** How long the toast offers to undo a decision, and u undoes it. */
export const UNDO_MS = 10_000;

/**
 * A toast that takes the place of the decision's toast. Sonner merges an update into the toast it replaces, so the
 * decision's card and its Undo button are cleared here, or "Undone" would still offer to undo.
 */
export const REPLACES_DECISION = {
  id: "decision",
  description: undefined,
  action: undefined,
  duration: 4_000,
} as const;

/** A decision the server refused: why, and the edit that was not saved (to go on with in the editor). */
export function refusal(outcome: Outcome<ReviewAction> | undefined): { refused?: string; draft?: ReviewEdits } {
  if (outcome?.state !== "failed") return {};
  const { action } = outcome;
  return { refused: outcome.message, ...(action.type === "approve" && action.edits ? { draft: action.edits } : {}) };
}

/** What the toasts say once a decision or an undo has been answered. */
export function announce(
  event: SettledEvent<ReviewItem, ReviewAction>,
  { undo, refresh }: { undo: (id: string) => void; refresh: () => void },
) {
  if (event.type === "saved") {
    toast.success(DONE_MESSAGE[event.action.type], {
      id: "decision",
      // The card has already left: the toast says which one, so Undo is not a guess.
      description: event.item.content,
      duration: UNDO_MS,
      action: {
        label: "Undo",
        onClick: (click) => {
          // Sonner removes a toast on its action's click, and an update with the same id that arrives during the
          // exit animation is lost with it: kept, the toast turns into "Undone…" (or says why not) in place.
          click.preventDefault();
          undo(event.item.id);
        },
      },
    });
  } else if (event.type === "failed") {
    toast.error(`Not saved: ${event.message}`, { description: event.item.content });
    // Decided or judged again elsewhere: the list is read again, so the card shows what is true now.
    if (event.code === "CONFLICT" || event.code === "NOT_FOUND") refresh();
  } else if (event.type === "undone") {
    toast.success("Undone: the candidate is back in the queue", REPLACES_DECISION);
  } else if (event.type === "undo-failed") {
    toast.error(event.message, REPLACES_DECISION);
    refresh();
  } else if (event.result.ok) {
    const verb = event.action.type === "reject" ? "Rejected" : "Approved";
    toast.success(`${verb} ${event.ids.length} card${event.ids.length === 1 ? "" : "s"}`, REPLACES_DECISION);
  } else {
    toast.error(event.result.message);
    refresh();
  }
}

/** Decided cards of this pass that the server's list still holds (it has not been sent again yet). */
export function countHiddenIn(items: ReviewItem[], outcomes: ReadonlyMap<string, { state: string }>): number {
  let n = 0;
  for (const item of items) {
    const state = outcomes.get(item.id)?.state;
    if (state === "queued" || state === "saving" || state === "saved") n++;
  }
  return n;
}

/** The keys, above the queue. */
export function KeyHint({ view, onHelp }: { view: QueueView; onHelp: () => void }) {
  return (
    <p className="mb-2 text-xs text-muted-foreground">
      Keys: <Key>j</Key>/<Key>k</Key> {view === "focus" ? "next/previous" : "move"} · <Key>a</Key> approve ·{" "}
      <Key>e</Key> edit · <Key>r</Key> reject · <Key>m</Key> merge · <Key>u</Key> undo · <Key>f</Key>{" "}
      {view === "focus" ? "list" : "one at a time"} ·{" "}
      <button type="button" className="text-primary underline-offset-2 hover:underline" onClick={onHelp}>
        <Key>?</Key> all shortcuts
      </button>
    </p>
  );
}

/** A key in the shortcut hint above the queue. */
function Key({ children }: { children: string }) {
  return <kbd className="rounded border px-1">{children}</kbd>;
}

/** Under the focused card: the way to the previous and next card and back, for a pointer or a touch screen. */
export function FocusNav({
  onMove,
  onUndo,
  shortcuts,
}: {
  onMove: (delta: number) => void;
  onUndo: () => void;
  shortcuts: boolean;
}) {
  const key = (k: string) => <ShortcutKey keyName={k} show={shortcuts} />;
  return (
    <nav aria-label="Cards" className="mt-3 flex flex-wrap items-center gap-2">
      <Button size="sm" variant="ghost" onClick={() => onMove(-1)} aria-keyshortcuts={shortcuts ? "k" : undefined}>
        <ChevronLeft aria-hidden /> Previous {key("k")}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => onMove(1)} aria-keyshortcuts={shortcuts ? "j" : undefined}>
        Next {key("j")} <ChevronRight aria-hidden />
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="ml-auto"
        onClick={onUndo}
        aria-keyshortcuts={shortcuts ? "u" : undefined}
      >
        <Undo2 aria-hidden /> Undo the last decision {key("u")}
      </Button>
    </nav>
  );
}

/**
 * The ranked queue's tail, folded: how many lower-ranked cards wait, and one button (key o) that shows them.
 * Nothing is dropped: the count is always there, and the cards are one press away.
 */
export function FoldButton({
  count,
  shortcuts,
  opening,
  onOpen,
}: {
  count: number;
  shortcuts: boolean;
  /** The rest is on its way from the server. */
  opening: boolean;
  onOpen: () => void;
}) {
  return (
    <div className="mt-3 pb-36">
      <Button
        variant="outline"
        onClick={onOpen}
        aria-keyshortcuts={shortcuts ? "o" : undefined}
        aria-busy={opening}
        disabled={opening}
      >
        {opening ? "Opening " : ""}
        {count.toLocaleString("en")} more, lower-ranked
        <ShortcutKey keyName="o" show={shortcuts} />
      </Button>
    </div>
  );
}
