"use client";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { useHotkeys } from "react-hotkeys-hook";
import { toast } from "sonner";
import { decideSelectionAction, undoDecisionAction } from "@/app/review/actions";
import { BulkBar } from "@/components/review/bulk-bar";
import { QueueLive } from "@/components/review/queue-live";
import { DONE_MESSAGE, send } from "@/components/review/send";
import { useSelection } from "@/components/review/use-selection";
import { CandidateCard } from "@/components/review/candidate-card";
import { contradictedFacts, duplicateFact } from "@/components/review/matches";
import { ShortcutHelp } from "@/components/review/shortcut-help";
import type { ReviewAction, ReviewItem } from "@/components/review/types";
import { EmptyState } from "@/components/ui/card";
import { callAction } from "@/components/call-action";

type Mode = { id: string; mode: "edit" | "reject" } | null;

/** How long the toast offers to undo a decision, and u undoes it. */
const UNDO_MS = 10_000;

/**
 * The queue a reviewer works through from the keyboard: the selected card has the focus and is in view,
 * one action runs at a time (a double press never decides twice), and after each one the next card is
 * focused and the list comes back from the server with verdicts judged again.
 */
export function ReviewQueue({
  items,
  kinds,
  emptyTitle,
  emptyHint,
  shortcuts: shortcutsSetting = true,
  matching,
  readOnly = false,
}: {
  items: ReviewItem[];
  kinds: Array<{ id: string; label: string }>;
  emptyTitle: string;
  /** What to do about an empty view: ingest something, clear the filters, or look at the other tab. */
  emptyHint: string;
  /** Single-key shortcuts; Settings can switch them off (WCAG 2.1.4). */
  shortcuts?: boolean;
  /** The view these cards are a page of: its size, its gated cards, and its URL search, for "select all". */
  matching: { total: number; gated: number; search: string };
  /** A viewer's queue: the cards without decisions, shortcuts or bulk actions (the server refuses them too). */
  readOnly?: boolean;
}) {
  const shortcuts = shortcutsSetting && !readOnly;
  const router = useRouter();
  const [done, setDone] = useState<Set<string>>(new Set());
  const [busyId, setBusyId] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>(null);
  const [selectedIndex, setSelectedIndex] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const [, startTransition] = useTransition();

  const visible = items.filter((item) => !done.has(item.id));
  const selected = visible[Math.min(selectedIndex, visible.length - 1)];

  const selection = useSelection(visible, matching);
  function decideSelection(action: "approve" | "reject") {
    if (busyId) return;
    setBusyId("selection");
    startTransition(async () => {
      const result = await callAction(() =>
        decideSelectionAction({
          action,
          ...(selection.allMatching
            ? { query: matching.search }
            : { candidateIds: selection.pickedItems.map((i) => i.id) }),
          ...(action === "reject" ? { reason: "Rejected with a selection" } : {}),
        }),
      );
      setBusyId(null);
      if (result.ok) {
        const { decided, leftGated, skipped } = result.data;
        const verb = action === "approve" ? "Approved" : "Rejected";
        const left = leftGated ? `; ${leftGated} gated left for a look` : "";
        toast.success(`${verb} ${decided} card${decided === 1 ? "" : "s"}${left}`);
        // Each card the selection could not take says why (decided by someone else, a secret to confirm).
        for (const s of skipped) toast.error(`Not ${verb.toLowerCase()}: ${s.message}`);
        const kept = new Set(skipped.map((s) => s.candidateId));
        const gone = selection.pickedItems.filter(
          (i) => !kept.has(i.id) && (action === "reject" || i.status !== "gated"),
        );
        setDone((prev) => new Set([...prev, ...gone.map((i) => i.id)]));
        selection.clear();
        setFollowFocus(true);
      } else {
        toast.error(result.message);
      }
      router.refresh();
    });
  }

  // Keyboard moves and decisions take focus with them, so a screen reader follows and the card is in view.
  const cards = useRef(new Map<string, HTMLLIElement>());
  const [followFocus, setFollowFocus] = useState(false);
  useEffect(() => {
    if (!followFocus || !selected) return;
    const card = cards.current.get(selected.id);
    card?.focus({ preventScroll: true });
    card?.scrollIntoView({ block: "nearest" });
  }, [followFocus, selected]);

  function decide(item: ReviewItem, action: ReviewAction) {
    if (busyId) return;
    setBusyId(item.id);
    // The card leaves at once and the next one takes the focus, while the server decides; a save from the
    // editor waits, so a refused edit stays in its editor. Decisions still run one at a time: the next
    // card's verdict may change with this one, and the response carries the queue judged again.
    const optimistic = !(mode?.id === item.id && mode.mode === "edit");
    if (optimistic) {
      setMode(null);
      setDone((prev) => new Set(prev).add(item.id));
      setFollowFocus(true);
    }
    startTransition(async () => {
      // The action revalidates /review: its response brings the page back with verdicts judged again.
      const result = await callAction<unknown>(() => send(item, action));
      setBusyId(null);
      if (result.ok) {
        if (!optimistic) {
          setMode(null);
          setDone((prev) => new Set(prev).add(item.id));
          setFollowFocus(true);
        }
        lastDecision.current = { item, at: Date.now() };
        toast.success(DONE_MESSAGE[action.type], {
          // The card has already left: the toast says which one, so Undo is not a guess.
          description: item.content,
          duration: UNDO_MS,
          action: { label: "Undo", onClick: () => undo(item) },
        });
      } else {
        // Nothing was decided: the card comes back, and says why.
        setDone((prev) => new Set([...prev].filter((id) => id !== item.id)));
        toast.error(result.message);
        if (result.code === "CONFLICT" || result.code === "NOT_FOUND") router.refresh();
      }
    });
  }

  const lastDecision = useRef<{ item: ReviewItem; at: number } | null>(null);
  function undo(item: ReviewItem) {
    lastDecision.current = null;
    startTransition(async () => {
      const result = await callAction(() => undoDecisionAction({ candidateId: item.id }));
      if (result.ok) {
        // Back from the server with its verdicts judged again; it is shown where the sort puts it.
        setDone((prev) => new Set([...prev].filter((id) => id !== item.id)));
        toast.success("Undone: the candidate is back in the queue");
      } else {
        toast.error(result.message);
      }
      router.refresh();
    });
  }

  const move = (delta: number) => {
    setFollowFocus(true);
    setSelectedIndex((i) => Math.max(0, Math.min(visible.length - 1, Math.min(i, visible.length - 1) + delta)));
  };
  const open = (m: "edit" | "reject") => selected && setMode({ id: selected.id, mode: m });
  const keys = { enabled: shortcuts && mode === null && !helpOpen, preventDefault: true };
  const deps = [selected, busyId];
  useHotkeys("j,down", () => move(1), keys, [visible.length]);
  useHotkeys("k,up", () => move(-1), keys, [visible.length]);
  useHotkeys("a", () => selected && decide(selected, { type: "approve" }), keys, deps);
  // Enter approves only from the card itself: on a button or a link it must do what that one does.
  useHotkeys(
    "enter",
    () => selected && decide(selected, { type: "approve" }),
    { ...keys, preventDefault: false, ignoreEventWhen: (e) => !isCard(e.target) },
    deps,
  );
  useHotkeys("e", () => open("edit"), keys, deps);
  useHotkeys("x", () => selected && selection.pick(visible.indexOf(selected), false), keys, [selected, visible]);
  useHotkeys("r", () => open("reject"), keys, deps);
  useHotkeys("m", () => selected && duplicateFact(selected) && decide(selected, { type: "merge" }), keys, deps);
  useHotkeys(
    "s",
    () => selected && contradictedFacts(selected).length > 0 && decide(selected, { type: "supersede" }),
    keys,
    deps,
  );
  // 1–9: approve with the n-th kind of the taxonomy, for a candidate whose text is right but kind wrong.
  useHotkeys(
    "1,2,3,4,5,6,7,8,9",
    (event) => {
      const kind = kinds[Number(event.key) - 1];
      if (selected && kind) decide(selected, { type: "approve", edits: { kind: kind.id } });
    },
    keys,
    [...deps, kinds],
  );
  useHotkeys(
    "u",
    () => {
      const last = lastDecision.current;
      if (last && Date.now() - last.at < UNDO_MS) undo(last.item);
      else toast.info("Nothing to undo: the last decision is more than 10 seconds old, or undone");
    },
    keys,
    [],
  );
  useHotkeys("shift+slash", () => setHelpOpen(true), { enabled: shortcuts && mode === null, preventDefault: true }, [
    mode,
    shortcuts,
  ]);

  if (visible.length === 0)
    return (
      <>
        <QueueLive />
        <EmptyState title={emptyTitle}>{emptyHint}</EmptyState>
      </>
    );

  return (
    <>
      {shortcuts ? (
        <p className="mb-3 text-xs text-muted-foreground">
          Keys: <Key>j</Key>/<Key>k</Key> move · <Key>a</Key> approve · <Key>e</Key> edit · <Key>r</Key> reject ·{" "}
          <Key>u</Key> undo · <Key>1</Key>–<Key>9</Key> approve as kind ·{" "}
          <button
            type="button"
            className="text-primary underline-offset-2 hover:underline"
            onClick={() => setHelpOpen(true)}
          >
            <Key>?</Key> all shortcuts
          </button>
        </p>
      ) : null}
      <QueueLive />
      <ShortcutHelp open={helpOpen} onOpenChange={setHelpOpen} kinds={kinds} />
      {selection.count > 0 && !readOnly ? (
        <BulkBar
          count={selection.count}
          gated={selection.gated}
          allMatching={selection.allMatching}
          matchingTotal={matching.total}
          canSelectAll={
            !selection.allMatching && selection.pickedItems.length === visible.length && matching.total > visible.length
          }
          busy={busyId !== null}
          onSelectAll={selection.selectAll}
          onApprove={() => decideSelection("approve")}
          onReject={() => decideSelection("reject")}
          onClear={selection.clear}
        />
      ) : null}
      <ul className="flex flex-col gap-3" aria-label="Candidates" aria-busy={busyId !== null}>
        {visible.map((item, index) => (
          <CandidateCard
            key={item.id}
            ref={(node) => {
              if (node) cards.current.set(item.id, node);
              else cards.current.delete(item.id);
            }}
            item={item}
            kinds={kinds}
            selected={item.id === selected?.id}
            picked={selection.allMatching || selection.picked.has(item.id)}
            onPick={(range) => selection.pick(index, range)}
            busy={busyId !== null}
            mode={mode?.id === item.id ? mode.mode : "view"}
            onSelect={() => setSelectedIndex(index)}
            onMode={(m) => {
              setMode(m === "view" ? null : { id: item.id, mode: m });
              // Leaving the editor or the reasons puts the focus back on the card, never on the page.
              if (m === "view") requestAnimationFrame(() => cards.current.get(item.id)?.focus());
            }}
            onDecide={(action) => decide(item, action)}
            readOnly={readOnly}
          />
        ))}
      </ul>
    </>
  );
}

/** A key in the shortcut hint above the queue. */
export function Key({ children }: { children: string }) {
  return <kbd className="rounded border px-1">{children}</kbd>;
}

function isCard(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.dataset.testid === "candidate";
}
