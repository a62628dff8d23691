"use client";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, useTransition } from "react";
import { toast } from "sonner";
import { decideSelectionAction, undoDecisionAction } from "@/app/review/actions";
import { BulkBar } from "@/components/review/bulk-bar";
import { CandidateCard, type CardCommand } from "@/components/review/candidate-card";
import { CardIconSprite } from "@/components/review/card-icons";
import type { QueueKey } from "@/components/review/early-keys";
import { contradictedFacts, duplicateFact } from "@/components/review/matches";
import { QueueLive } from "@/components/review/queue-live";
import { QueueProgress } from "@/components/review/queue-progress";
import {
  announce,
  countHiddenIn,
  FocusNav,
  FoldButton,
  KeyHint,
  refusal,
  REPLACES_DECISION,
  UNDO_MS,
} from "@/components/review/queue-parts";
import { categoryOf, send, withSecret } from "@/components/review/send";
import { ShortcutHelp } from "@/components/review/shortcut-help";
import type { ReviewAction, ReviewItem } from "@/components/review/types";
import type { SecretChoice } from "@/lib/facts/schema";
import { useQueueKeys } from "@/components/review/use-queue-keys";
import { useQueueRefill } from "@/components/review/use-queue-refill";
import { callAction } from "@/components/call-action";
import { EmptyState } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { QUEUE_VIEW_COOKIE, ReviewSession, type QueueView } from "@/lib/queue/session";

/**
 * The queue a reviewer works through from the keyboard. The pass itself (which card is selected, which
 * decisions wait or save, which panel is open) is a `ReviewSession` (lib/queue/session.ts); this component
 * feeds it the server's list, turns keys into its calls, and puts the focus where it asks: the next card
 * after a decision, inside the editor or the reasons when they open, back on the card when they close.
 */
export function ReviewQueue({
  items,
  kinds,
  emptyTitle,
  emptyHint,
  shortcuts: shortcutsSetting = true,
  matching,
  offset,
  view: initialView,
  readOnly = false,
  folded = 0,
  tailHref,
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
  /** Cards on the pages before this one. */
  offset: number;
  view: QueueView;
  /** A viewer's queue: the cards without decisions, shortcuts or bulk actions (the server refuses them too). */
  readOnly?: boolean;
  /** Ranked cards of this page the server kept back behind one button (past QUEUE_FOLD_AT); 0: none. */
  folded?: number;
  /** This view with its tail opened: the button (key o) replaces the URL, and the server sends the rest. */
  tailHref?: string;
}) {
  const shortcuts = shortcutsSetting && !readOnly;
  const router = useRouter();
  // The ticks a reviewer gave on cards that hold a credential, by card: every approval of one carries them.
  const [secrets] = useState(() => new Map<string, SecretChoice>());
  const [session] = useState(
    () =>
      new ReviewSession<ReviewItem, ReviewAction>(items, {
        send: (item, action) => send(item, withSecret(action, secrets.get(item.id)), matching.search),
        undo: (item) => callAction(() => undoDecisionAction({ candidateId: item.id })),
        category: categoryOf,
        view: initialView,
      }),
  );
  // The session (and so j/k, select all, focus) sees the cards the server sent; opening the fold asks for the
  // rest, which arrive as a longer list into the same session.
  const [opening, startOpening] = useTransition();
  const openTail = () => {
    if (!tailHref || opening) return;
    startOpening(() => router.replace(tailHref, { scroll: false }));
  };
  const snap = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  useLayoutEffect(() => session.setItems(items), [session, items]);

  const undo = useCallback(
    (id?: string) => {
      if (session.undoLast(id ? UNDO_MS + 1_000 : UNDO_MS, id) === "none") {
        toast.info("Nothing to undo: the last decision is more than 10 seconds old, or undone", REPLACES_DECISION);
      }
    },
    [session],
  );
  useEffect(
    () => session.onSettled((event) => announce(event, { undo, refresh: router.refresh })),
    [session, undo, router],
  );

  // The focus goes where the session asks, once per request: a later list from the server never moves it.
  const cards = useRef(new Map<string, HTMLLIElement>());
  const list = useRef<HTMLUListElement>(null);
  const applied = useRef(0);
  useLayoutEffect(() => {
    const request = snap.focus;
    if (!request || request.seq === applied.current) return;
    const card = cards.current.get(request.id);
    if (!card) return;
    applied.current = request.seq;
    const active = document.activeElement;
    const lost = !active || active === document.body || list.current?.contains(active);
    if (request.soft && !lost) return;
    const target = request.into === "panel" ? (card.querySelector<HTMLElement>("[data-autofocus]") ?? card) : card;
    target.focus({ preventScroll: true });
    if (request.scroll) card.scrollIntoView({ block: "nearest" });
  }, [snap]);

  useQueueRefill({
    visible: snap.visible.length,
    pending: snap.pending,
    more: matching.total - offset,
    items,
    readOnly,
  });

  // Decisions still waiting to be sent would be lost with the page: the browser asks first.
  useEffect(() => {
    if (snap.pending === 0) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [snap.pending]);

  const [helpOpen, setHelpOpenState] = useState(false);
  const helpRef = useRef(false);
  const setHelpOpen = (open: boolean) => {
    helpRef.current = open;
    setHelpOpenState(open);
  };

  const selectionCount = snap.allMatching ? matching.total : snap.picked.length;
  const selectionGated = snap.allMatching ? matching.gated : snap.picked.filter((i) => i.status === "gated").length;
  function decideSelection(action: "approve" | "reject", reason?: string) {
    const hide = (snap.allMatching ? snap.visible : snap.picked)
      .filter((i) => action === "reject" || i.status !== "gated")
      .map((i) => i.id);
    const input = {
      action,
      ...(snap.allMatching ? { query: matching.search } : { candidateIds: snap.picked.map((i) => i.id) }),
      ...(action === "reject" ? { reason } : {}),
    };
    session.decideMany(hide, { type: action, ...(reason ? { reason } : {}) }, async () => {
      const result = await callAction(() => decideSelectionAction(input));
      if (!result.ok) return result;
      if (result.data.leftGated) toast.info(`${result.data.leftGated} gated left for a look`);
      // Each card the selection could not take stays, and says why (decided by someone else, a secret to confirm).
      const verb = action === "approve" ? "approved" : "rejected";
      for (const s of result.data.skipped) toast.error(`Not ${verb}: ${s.message}`);
      return { ok: true as const, kept: result.data.skipped.map((s) => s.candidateId) };
    });
  }

  const toggleView = () => {
    session.toggleView();
    const view = session.getSnapshot().view;
    document.cookie = `${QUEUE_VIEW_COOKIE}=${view}; path=/; max-age=31536000; samesite=lax`;
  };

  const dispatch = useCallback(
    (command: CardCommand) => {
      if (command.type === "select") session.select(command.id);
      else if (command.type === "pick") session.pick(command.id, command.range);
      else if (command.type === "open") session.open(command.panel, command.id);
      else if (command.type === "close") session.close();
      else if (command.type === "secret") secrets.set(command.id, command.choice);
      else session.decide(command.id, command.action);
    },
    [session, secrets],
  );

  function handleKey(k: QueueKey): boolean {
    if (k.typing || helpRef.current) return false;
    const now = session.getSnapshot();
    if (now.mode) return false;
    if (k.key === "?") {
      setHelpOpen(true);
      return true;
    }
    const item = now.visible[now.selectedIndex];
    const choose: Record<string, () => void> = {
      j: () => session.move(1),
      ArrowDown: () => session.move(1),
      k: () => session.move(-1),
      ArrowUp: () => session.move(-1),
      f: toggleView,
      u: () => undo(),
      ...(folded > 0 ? { o: openTail } : {}),
    };
    if (choose[k.key]) {
      choose[k.key]?.();
      return true;
    }
    if (!item) return false;
    const decide = (action: ReviewAction) => session.decide(item.id, action);
    if (k.key === "a" || (k.key === "Enter" && k.onCard)) decide({ type: "approve" });
    else if (k.key === "e") session.open("edit");
    else if (k.key === "r") session.open("reject");
    else if (k.key === "x") session.pick(item.id);
    else if (k.key === "m") {
      if (duplicateFact(item)) decide({ type: "merge" });
      else toast.info("Nothing to merge into: this card repeats no approved fact");
    } else if (k.key === "s") {
      if (contradictedFacts(item).length > 0) decide({ type: "supersede" });
      else toast.info("Nothing to supersede: this card contradicts no approved fact");
    } else if (/^[1-9]$/.test(k.key)) {
      // 1–9: approve with the n-th kind of the taxonomy, for a candidate whose text is right but kind wrong.
      const kind = kinds[Number(k.key) - 1];
      if (!kind) return false;
      decide({ type: "approve", edits: { kind: kind.id } });
    } else return false;
    return true;
  }
  useQueueKeys(shortcuts, handleKey);

  const ref = useCallback((node: HTMLLIElement | null) => {
    if (!node) return;
    const id = node.dataset.candidateId as string;
    cards.current.set(id, node);
    return () => {
      if (cards.current.get(id) === node) cards.current.delete(id);
    };
  }, []);

  const hiddenHere = countHiddenIn(items, snap.outcomes);
  const decided = snap.tally.approved + snap.tally.merged + snap.tally.rejected;
  const total = decided + Math.max(0, matching.total - hiddenHere);
  const position = Math.min(total, offset + decided + Math.max(0, snap.selectedIndex) + 1);
  const progress = (
    <QueueProgress
      position={snap.visible.length === 0 ? total : position}
      total={total}
      tally={snap.tally}
      pending={snap.pending}
      view={snap.view}
      onToggleView={toggleView}
      shortcuts={shortcuts}
    />
  );

  const foldButton =
    folded > 0 ? <FoldButton count={folded} shortcuts={shortcuts} opening={opening} onOpen={openTail} /> : null;
  if (snap.visible.length === 0)
    return (
      <>
        <QueueLive />
        {decided > 0 ? progress : null}
        {foldButton}
        <EmptyState title={decided > 0 ? "Done: nothing left on this page" : emptyTitle}>{emptyHint}</EmptyState>
      </>
    );

  const shown = snap.view === "focus" ? snap.visible.filter((i) => i.id === snap.selectedId) : snap.visible;
  return (
    <>
      {shortcuts ? <KeyHint view={snap.view} onHelp={() => setHelpOpen(true)} /> : null}
      {progress}
      <QueueLive />
      <CardIconSprite />
      <ShortcutHelp open={helpOpen} onOpenChange={setHelpOpen} kinds={kinds} onClosed={() => session.refocus()} />
      {selectionCount > 0 && !readOnly ? (
        <BulkBar
          count={selectionCount}
          gated={selectionGated}
          allMatching={snap.allMatching}
          matchingTotal={matching.total}
          canSelectAll={
            !snap.allMatching && snap.picked.length === snap.visible.length && matching.total > snap.visible.length
          }
          onSelectAll={() => session.pickAll()}
          onApprove={() => decideSelection("approve")}
          onReject={(reason) => decideSelection("reject", reason)}
          onClear={() => session.clearPicks()}
        />
      ) : null}
      <ul
        ref={list}
        className={cn("flex flex-col gap-3", snap.view === "list" && folded === 0 && "pb-36")}
        aria-label="Candidates"
        aria-busy={snap.pending > 0}
      >
        {shown.map((item) => (
          <CandidateCard
            key={item.id}
            ref={ref}
            item={item}
            kinds={kinds}
            variant={snap.view}
            selected={item.id === snap.selectedId}
            picked={snap.allMatching || snap.picked.includes(item)}
            panel={snap.mode?.id === item.id ? snap.mode.panel : null}
            {...refusal(snap.outcomes.get(item.id))}
            dispatch={dispatch}
            readOnly={readOnly}
          />
        ))}
      </ul>
      {snap.view === "list" ? foldButton : null}
      {snap.view === "focus" ? (
        <div className="pb-36">
          <FocusNav onMove={(delta) => session.move(delta)} onUndo={() => undo()} shortcuts={shortcuts} />
        </div>
      ) : null}
    </>
  );
}
