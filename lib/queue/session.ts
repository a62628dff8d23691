/**
 * A reviewer's pass through the queue, as plain state: which card is selected, which decisions are waiting,
 * saving or saved, and which panel is open. The review page drives it from the keyboard and renders its
 * snapshot; it has no React and no network of its own (the page hands it `send` and `undo`), so every rule
 * below is unit-tested.
 *
 * The rules that keep the keyboard trustworthy:
 * - A decision is bound to its card when the key is pressed. The card leaves at once and the next one is
 *   selected, so the next key acts on the card the reviewer now sees; nothing waits for the server.
 * - Decisions are sent one at a time, in the order they were made (the next card's verdict may change with
 *   this one: the server refuses to approve a card judged a duplicate or a contradiction since it was
 *   shown). A refused decision brings its card back with the reason; it never moves to another card.
 * - Undo takes back the last decision: one not sent yet is simply dropped, one sent is undone after it.
 * - Selection follows a card by id, so a list that comes back from the server re-sorted keeps it.
 */

export type Panel = "edit" | "reject";
export type QueueView = "list" | "focus";
/** The cookie that remembers the list or the focused view: the page reads it, so the first paint is right. */
export const QUEUE_VIEW_COOKIE = "sift-queue-view";
export type DecisionState = "queued" | "saving" | "saved" | "failed" | "undoing" | "restored";
/**
 * How a decision changed the list (a `QueuePatch`): `cards` replace theirs, `gone` leave, `freed` (cards the
 * decided one held) take its place. The server's next list wins over all of it.
 */
export interface ListPatch<T> {
  cards: T[];
  gone: string[];
  freed: T[];
}
/**
 * A decision's answer, with how it changed the list when the server says; a bulk one may keep some cards back
 * (`kept`: taken by someone else, a secret to confirm).
 */
export type SessionResult<T = never> =
  { ok: true; kept?: string[]; patch?: ListPatch<T> } | { ok: false; message: string; code?: string };

export interface Outcome<A> {
  action: A;
  state: DecisionState;
  /** Why the server refused it (state "failed"). */
  message?: string;
  /** When the key was pressed (for undo's time limit). */
  at: number;
  /** Where the card was in the list when it was decided: an undone card comes back there. */
  index: number;
  /** Part of a bulk decision (not undone with u). */
  bulk?: boolean;
  /** Lists the server sent since the card was restored. */
  lists?: number;
}

/** Where the page should put the keyboard focus; `seq` changes with every request. */
export interface FocusRequest {
  id: string;
  into: "card" | "panel";
  /** Only if the focus is in the queue or lost (a card that took another's place, the first card on load). */
  soft: boolean;
  /** Bring the card into view (not on load: the page's header stays in view). */
  scroll: boolean;
  seq: number;
}

export interface SessionSnapshot<T, A> {
  visible: T[];
  selectedId: string | null;
  /** Index of the selected card in `visible`, -1 when none. */
  selectedIndex: number;
  mode: { id: string; panel: Panel } | null;
  view: QueueView;
  outcomes: ReadonlyMap<string, Outcome<A>>;
  focus: FocusRequest | null;
  /** Decisions waiting or being saved. */
  pending: number;
  /** Decided in this pass (waiting, saving or saved), by kind. */
  tally: { approved: number; merged: number; rejected: number };
  /** The cards picked for a bulk decision (x, a checkbox, shift for a range), in list order. */
  picked: T[];
  /** Every card of the view, on every page, is picked ("select all matching"). */
  allMatching: boolean;
}

// Tasks hold their own outcome: a card decided again after an undo has a new one, which the old tasks leave be.
type Task<A> =
  | { kind: "decide"; id: string; outcome: Outcome<A> }
  | { kind: "undo"; id: string; outcome: Outcome<A> }
  | { kind: "bulk"; ids: string[]; action: A; run: () => Promise<SessionResult> };

export interface SessionOptions<T, A> {
  send: (item: T, action: A) => Promise<SessionResult<T>>;
  undo: (item: T) => Promise<SessionResult<T>>;
  /** What a decision counts as in the tally. */
  category: (action: A) => "approved" | "merged" | "rejected";
  now?: () => number;
  view?: QueueView;
}

export type SettledEvent<T, A> =
  | { type: "saved"; item: T; action: A }
  | { type: "failed"; item: T; action: A; message: string; code?: string }
  | { type: "undone"; item: T; sent: boolean }
  | { type: "undo-failed"; item: T; message: string }
  | { type: "bulk"; ids: string[]; action: A; result: SessionResult };

const HIDDEN: ReadonlySet<DecisionState> = new Set(["queued", "saving", "saved"]);
const GHOST: ReadonlySet<DecisionState> = new Set(["undoing", "restored"]);

export class ReviewSession<T extends { id: string }, A> {
  private server: T[];
  private readonly known = new Map<string, T>();
  private readonly outcomes = new Map<string, Outcome<A>>();
  private readonly history: string[] = [];
  private readonly tasks: Task<A>[] = [];
  private running = false;
  private selectedId: string | null;
  private lastIndex = 0;
  private mode: { id: string; panel: Panel } | null = null;
  private view: QueueView;
  private focus: FocusRequest | null = null;
  private focusSeq = 0;
  private snapshot!: SessionSnapshot<T, A>;
  private readonly listeners = new Set<() => void>();
  private readonly settledListeners = new Set<(event: SettledEvent<T, A>) => void>();
  private readonly picked = new Set<string>();
  private pickAnchor: string | null = null;
  private allMatching = false;
  private readonly now: () => number;

  constructor(
    items: T[],
    private readonly options: SessionOptions<T, A>,
  ) {
    this.server = items;
    for (const item of items) this.known.set(item.id, item);
    this.selectedId = items[0]?.id ?? null;
    this.view = options.view ?? "list";
    this.now = options.now ?? (() => Date.now());
    if (this.selectedId) this.requestFocus(this.selectedId, "card", true, false);
    this.changed();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Tells `listener` each time a decision or an undo has been answered; returns the way to stop. */
  onSettled(listener: (event: SettledEvent<T, A>) => void) {
    this.settledListeners.add(listener);
    return () => {
      this.settledListeners.delete(listener);
    };
  }

  private settle(event: SettledEvent<T, A>) {
    for (const listener of this.settledListeners) listener(event);
  }

  getSnapshot = () => this.snapshot;

  /** The list as the server sent it again (after a decision, a poll, a re-judging): its order wins. */
  setItems(items: T[]) {
    if (items === this.server) return;
    const ids = new Set(items.map((i) => i.id));
    for (const [id, outcome] of this.outcomes) {
      if (outcome.state !== "restored") continue;
      // The server shows an undone card again: from now on it is the server's. A view that leaves it out
      // (a filter) drops it once a list sent after the undo has come.
      outcome.lists = (outcome.lists ?? 0) + 1;
      if (ids.has(id) || outcome.lists > 1) this.outcomes.delete(id);
    }
    this.server = items;
    for (const item of items) this.known.set(item.id, item);
    this.changed();
  }

  select(id: string, focus = false) {
    if (!this.snapshot.visible.some((i) => i.id === id)) return;
    this.selectedId = id;
    if (this.mode && this.mode.id !== id) this.mode = null;
    if (focus) this.requestFocus(id, "card");
    this.changed();
  }

  move(delta: number) {
    const { visible, selectedIndex } = this.snapshot;
    if (visible.length === 0) return;
    const next = visible[Math.max(0, Math.min(visible.length - 1, selectedIndex + delta))] as T;
    this.mode = null;
    this.selectedId = next.id;
    this.requestFocus(next.id, "card");
    this.changed();
  }

  /** Opens the editor or the reasons on the selected card (or `id`), with the focus inside. */
  open(panel: Panel, id = this.selectedId) {
    if (!id || !this.snapshot.visible.some((i) => i.id === id)) return;
    this.selectedId = id;
    this.mode = { id, panel };
    this.requestFocus(id, "panel");
    this.changed();
  }

  /** Closes the panel; the focus goes back to its card, never to the page. */
  close() {
    const id = this.mode?.id;
    this.mode = null;
    if (id) this.requestFocus(id, "card");
    this.changed();
  }

  /** Gives the selected card the focus again (after a dialog over the queue closes). */
  refocus() {
    if (this.selectedId) this.requestFocus(this.selectedId, "card");
    this.changed();
  }

  toggleView() {
    this.view = this.view === "list" ? "focus" : "list";
    if (this.selectedId) this.requestFocus(this.selectedId, "card");
    this.changed();
  }

  /** Picks a card for a bulk decision, or unpicks it; with `range`, every card from the last one picked too. */
  pick(id: string, range = false) {
    const { visible } = this.snapshot;
    const index = visible.findIndex((i) => i.id === id);
    if (index < 0) return;
    const anchor = range && this.pickAnchor ? visible.findIndex((i) => i.id === this.pickAnchor) : -1;
    const [from, to] = anchor >= 0 ? [Math.min(anchor, index), Math.max(anchor, index)] : [index, index];
    const on = !this.picked.has(id);
    for (const item of visible.slice(from, to + 1)) {
      if (on) this.picked.add(item.id);
      else this.picked.delete(item.id);
    }
    this.pickAnchor = id;
    this.allMatching = false;
    this.changed();
  }

  /** Every card of the view, on every page (the bulk bar's "select all matching"). */
  pickAll() {
    this.allMatching = true;
    this.changed();
  }

  clearPicks() {
    this.picked.clear();
    this.allMatching = false;
    this.changed();
  }

  /** Decides the card `id` (bound now, sent in turn); false when it is not in the list. */
  decide(id: string, action: A): boolean {
    const { visible } = this.snapshot;
    const index = visible.findIndex((i) => i.id === id);
    if (index < 0) return false;
    const outcome: Outcome<A> = { action, state: "queued", at: this.now(), index };
    this.outcomes.set(id, outcome);
    this.history.push(id);
    if (this.mode?.id === id) this.mode = null;
    if (this.selectedId === id) {
      const next = visible[index + 1] ?? visible[index - 1];
      this.selectedId = next?.id ?? null;
      if (next) this.requestFocus(next.id, "card");
    }
    this.tasks.push({ kind: "decide", id, outcome });
    this.changed();
    void this.pump();
    return true;
  }

  /** Decides several cards in one call (`run`); the cards that `hide` names leave at once. */
  decideMany(hide: string[], action: A, run: () => Promise<SessionResult>) {
    const { visible } = this.snapshot;
    const at = this.now();
    for (const id of hide) {
      const index = visible.findIndex((i) => i.id === id);
      if (index >= 0) this.outcomes.set(id, { action, state: "queued", at, index, bulk: true });
    }
    if (this.selectedId && hide.includes(this.selectedId)) {
      const left = visible.find((i) => !hide.includes(i.id) && !this.outcomes.has(i.id));
      this.selectedId = left?.id ?? null;
      if (left) this.requestFocus(left.id, "card");
    }
    this.tasks.push({ kind: "bulk", ids: hide, action, run });
    this.picked.clear();
    this.allMatching = false;
    this.changed();
    void this.pump();
  }

  /**
   * Takes back the last decision made within `withinMs` (or the one on card `only`, from its toast): dropped
   * if not sent yet, else undone on the server once it is saved. The card comes back selected. "none" when
   * there is nothing to undo.
   */
  undoLast(withinMs: number, only?: string): "dropped" | "queued" | "none" {
    let id: string | undefined;
    if (only !== undefined) {
      const at = this.history.lastIndexOf(only);
      id =
        at >= 0 && HIDDEN.has(this.outcomes.get(only)?.state ?? "failed") ? this.history.splice(at, 1)[0] : undefined;
    } else {
      while ((id = this.history.pop()) !== undefined) {
        const outcome = this.outcomes.get(id);
        if (outcome && HIDDEN.has(outcome.state) && !outcome.bulk) break;
      }
    }
    if (id === undefined) return "none";
    const outcome = this.outcomes.get(id) as Outcome<A>;
    if (this.now() - outcome.at > withinMs) {
      this.history.push(id);
      return "none";
    }
    const item = this.known.get(id) as T;
    let result: "dropped" | "queued";
    if (outcome.state === "queued") {
      const at = this.tasks.findIndex((t) => t.kind === "decide" && t.id === id);
      if (at >= 0) this.tasks.splice(at, 1);
      this.outcomes.delete(id);
      this.settle({ type: "undone", item, sent: false });
      result = "dropped";
    } else {
      outcome.state = "undoing";
      this.tasks.push({ kind: "undo", id, outcome });
      result = "queued";
    }
    this.mode = null;
    this.selectedId = id;
    this.requestFocus(id, "card");
    this.changed();
    void this.pump();
    return result;
  }

  private async pump() {
    if (this.running) return;
    const task = this.tasks.shift();
    if (!task) return;
    this.running = true;
    try {
      if (task.kind === "decide") await this.runDecision(task.id, task.outcome);
      else if (task.kind === "undo") await this.runUndo(task.id, task.outcome);
      else await this.runBulk(task);
    } finally {
      this.running = false;
      this.changed();
      void this.pump();
    }
  }

  private async runDecision(id: string, outcome: Outcome<A>) {
    const item = this.known.get(id);
    if (!item) return;
    outcome.state = "saving";
    this.changed();
    const result = await this.options.send(item, outcome.action).catch(transportFailure);
    const current = this.outcomes.get(id) === outcome;
    // Undone while it was saving: the undo, queued behind it, takes it back (or has nothing to take back).
    const undoing = this.stateOf(outcome) === "undoing";
    if (result.ok) {
      if (!undoing) outcome.state = "saved";
      if (result.patch) this.patch(result.patch, id);
      this.settle({ type: "saved", item, action: outcome.action });
    } else {
      outcome.state = "failed";
      outcome.message = result.message;
      if (undoing && current) this.outcomes.delete(id);
      this.settle({ type: "failed", item, action: outcome.action, ...result });
    }
  }

  /** Patches the server's list with a decision's answer (the card `decided` stays in it, hidden by its outcome). */
  private patch({ cards, gone, freed }: ListPatch<T>, decided: string) {
    const replace = new Map(cards.map((c) => [c.id, c]));
    const drop = new Set(gone);
    const list = this.server.filter((i) => !drop.has(i.id)).map((i) => replace.get(i.id) ?? i);
    const present = new Set(list.map((i) => i.id));
    const added = freed.filter((c) => !present.has(c.id));
    const at = list.findIndex((i) => i.id === decided);
    list.splice(at < 0 ? list.length : at + 1, 0, ...added);
    this.server = list;
    for (const item of list) this.known.set(item.id, item);
  }

  private async runUndo(id: string, outcome: Outcome<A>) {
    const item = this.known.get(id);
    // Its decision failed meanwhile: there is nothing to undo, and the card is back already.
    if (!item || outcome.state !== "undoing") return;
    const result = await this.options.undo(item).catch(transportFailure);
    if (result.ok) {
      outcome.state = "restored";
      this.settle({ type: "undone", item, sent: true });
    } else {
      outcome.state = "saved";
      this.settle({ type: "undo-failed", item, message: result.message });
    }
  }

  // Read through a function: TypeScript would keep the state narrowed across the await above.
  private stateOf(outcome: Outcome<A>): DecisionState {
    return outcome.state;
  }

  private async runBulk(task: Extract<Task<A>, { kind: "bulk" }>) {
    for (const id of task.ids) {
      const outcome = this.outcomes.get(id);
      if (outcome) outcome.state = "saving";
    }
    this.changed();
    const result = await task.run().catch(transportFailure);
    const kept = new Set(result.ok ? (result.kept ?? []) : []);
    for (const id of task.ids) {
      const outcome = this.outcomes.get(id);
      if (!outcome) continue;
      if (result.ok && !kept.has(id)) outcome.state = "saved";
      else this.outcomes.delete(id);
    }
    this.settle({ type: "bulk", ids: task.ids, action: task.action, result });
  }

  private requestFocus(id: string, into: "card" | "panel", soft = false, scroll = true) {
    this.focus = { id, into, soft, scroll, seq: ++this.focusSeq };
  }

  /**
   * Rebuilds the snapshot. When the selected card has left without a decision made here (decided by someone
   * else, joined a cluster, an undo refused), the card that took its place is selected, and takes the focus
   * if the focus was in the queue.
   */
  private changed() {
    const visible = this.visibleItems();
    let index = this.selectedId ? visible.findIndex((i) => i.id === this.selectedId) : -1;
    if (index < 0 && visible.length > 0) {
      index = Math.min(this.lastIndex, visible.length - 1);
      const replaced = this.selectedId !== null;
      this.selectedId = (visible[index] as T).id;
      if (replaced) this.requestFocus(this.selectedId, "card", true);
    }
    if (visible.length === 0) this.selectedId = null;
    if (index >= 0) this.lastIndex = index;
    if (this.mode && !visible.some((i) => i.id === this.mode?.id)) this.mode = null;
    this.snapshot = {
      visible,
      selectedId: this.selectedId,
      selectedIndex: index,
      mode: this.mode,
      view: this.view,
      outcomes: new Map(this.outcomes),
      focus: this.focus,
      pending: this.countPending(),
      tally: this.countTally(),
      picked: visible.filter((i) => this.picked.has(i.id)),
      allMatching: this.allMatching,
    };
    for (const listener of this.listeners) listener();
  }

  private visibleItems(): T[] {
    const list = this.server.filter((item) => {
      const outcome = this.outcomes.get(item.id);
      return !outcome || !HIDDEN.has(outcome.state);
    });
    const shown = new Set(list.map((i) => i.id));
    // Undone cards the server has not sent back yet, where they were.
    const ghosts = [...this.outcomes]
      .filter(([id, o]) => GHOST.has(o.state) && !shown.has(id) && this.known.has(id))
      .sort(([, a], [, b]) => a.index - b.index);
    for (const [id, o] of ghosts) list.splice(Math.min(o.index, list.length), 0, this.known.get(id) as T);
    return list;
  }

  private countPending(): number {
    let n = 0;
    for (const o of this.outcomes.values()) if (o.state === "queued" || o.state === "saving") n++;
    return n + this.tasks.filter((t) => t.kind === "undo").length;
  }

  private countTally() {
    const tally = { approved: 0, merged: 0, rejected: 0 };
    for (const o of this.outcomes.values()) if (HIDDEN.has(o.state)) tally[this.options.category(o.action)]++;
    return tally;
  }
}

const transportFailure = (error: unknown): SessionResult => ({
  ok: false,
  message: error instanceof Error ? error.message : "The server could not be reached. Nothing was changed.",
});
