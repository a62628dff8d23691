"use client";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { useHotkeys } from "react-hotkeys-hook";
import { toast } from "sonner";
import { approveCandidateAction, mergeCandidateAction, rejectCandidateAction } from "@/app/review/actions";
import { CandidateCard } from "@/components/review/candidate-card";
import { duplicateFact, contradictedFacts } from "@/components/review/matches";
import type { ReviewAction, ReviewItem } from "@/components/review/types";
import { EmptyState } from "@/components/ui/card";
import { callAction } from "@/components/call-action";
import type { ActionResult } from "@/lib/errors";

const DONE_MESSAGE: Record<ReviewAction["type"], string> = {
  approve: "Approved — added to Facts",
  supersede: "Approved — the old fact is marked superseded",
  merge: "Merged into the existing fact",
  reject: "Rejected",
};

function send(item: ReviewItem, action: ReviewAction): Promise<ActionResult<unknown>> {
  switch (action.type) {
    case "approve":
      return approveCandidateAction({
        candidateId: item.id,
        withCluster: item.members.length > 0,
        edits: action.content && action.content !== item.content ? { content: action.content } : undefined,
      });
    case "supersede":
      return approveCandidateAction({
        candidateId: item.id,
        supersedeFactIds: contradictedFacts(item).map((m) => m.factId),
        withCluster: item.members.length > 0,
      });
    case "merge": {
      const target = duplicateFact(item);
      return mergeCandidateAction({ candidateId: item.id, factId: target?.factId ?? "" });
    }
    case "reject":
      return rejectCandidateAction({ candidateId: item.id, withCluster: item.members.length > 0 });
  }
}

export function ReviewQueue({ items, emptyTitle }: { items: ReviewItem[]; emptyTitle: string }) {
  const router = useRouter();
  const [done, setDone] = useState<Set<string>>(new Set());
  const [busyId, setBusyId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [selectedIndex, setSelectedIndex] = useState(0);
  const [, startTransition] = useTransition();

  const visible = items.filter((item) => !done.has(item.id));
  const selected = visible[Math.min(selectedIndex, visible.length - 1)];

  function decide(item: ReviewItem, action: ReviewAction) {
    if (busyId) return; // one action in flight at a time: a double press must not decide twice
    setBusyId(item.id);
    startTransition(async () => {
      const result = await callAction<unknown>(() => send(item, action));
      setBusyId(null);
      if (result.ok) {
        setEditingId(null);
        setDone((prev) => new Set(prev).add(item.id));
        setFocusOnMove(true);
        toast.success(DONE_MESSAGE[action.type]);
        router.refresh();
      } else {
        toast.error(result.message);
        if (result.code === "CONFLICT" || result.code === "NOT_FOUND") router.refresh();
      }
    });
  }

  // Keyboard moves take focus with them, so a screen reader follows and the card scrolls into view.
  const cards = useRef(new Map<string, HTMLLIElement>());
  const [focusOnMove, setFocusOnMove] = useState(false);
  useEffect(() => {
    if (!focusOnMove || !selected) return;
    const card = cards.current.get(selected.id);
    card?.focus({ preventScroll: true });
    card?.scrollIntoView({ block: "nearest" });
  }, [focusOnMove, selected]);
  const move = (delta: number) => {
    setFocusOnMove(true);
    setSelectedIndex((i) => Math.max(0, Math.min(visible.length - 1, Math.min(i, visible.length - 1) + delta)));
  };
  const keys = { enabled: editingId === null, preventDefault: true };
  useHotkeys("j,down", () => move(1), keys, [visible.length]);
  useHotkeys("k,up", () => move(-1), keys, [visible.length]);
  useHotkeys("a", () => selected && decide(selected, { type: "approve" }), keys, [selected, busyId]);
  useHotkeys("r", () => selected && decide(selected, { type: "reject" }), keys, [selected, busyId]);
  useHotkeys("e", () => selected && setEditingId(selected.id), keys, [selected]);
  useHotkeys("m", () => selected && duplicateFact(selected) && decide(selected, { type: "merge" }), keys, [
    selected,
    busyId,
  ]);
  useHotkeys(
    "s",
    () => selected && contradictedFacts(selected).length > 0 && decide(selected, { type: "supersede" }),
    keys,
    [selected, busyId],
  );

  if (visible.length === 0)
    return <EmptyState title={emptyTitle}>Paste a transcript on the Ingest page to get candidates.</EmptyState>;

  return (
    <>
      <p className="mb-3 text-xs text-muted-foreground">
        Keys: <Key>j</Key>/<Key>k</Key> move · <Key>a</Key> approve · <Key>e</Key> edit · <Key>m</Key> merge ·{" "}
        <Key>s</Key> supersede · <Key>r</Key> reject
      </p>
      <ul className="flex flex-col gap-3" aria-label="Candidates">
        {visible.map((item, index) => (
          <CandidateCard
            key={item.id}
            item={item}
            selected={item.id === selected?.id}
            busy={busyId !== null}
            editing={editingId === item.id}
            ref={(node) => {
              if (node) cards.current.set(item.id, node);
              else cards.current.delete(item.id);
            }}
            onSelect={() => setSelectedIndex(index)}
            onEdit={(on) => setEditingId(on ? item.id : null)}
            onDecide={(action) => decide(item, action)}
          />
        ))}
      </ul>
    </>
  );
}

/** A key in the shortcut hint above the queue. */
function Key({ children }: { children: string }) {
  return <kbd className="rounded border px-1">{children}</kbd>;
}
