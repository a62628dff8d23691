import { describe, expect, it } from "vitest";
import { ReviewSession, type SessionResult, type SettledEvent } from "@/lib/queue/session";

type Item = { id: string; verdict?: string };
type Action = { type: "approve" | "reject" | "merge"; reason?: string };

/** A server that answers when told to: every call waits until `answer` (or `fail`) is called for it. */
function slowServer() {
  type Call = { what: string; id: string; action?: Action; resolve: (r: SessionResult<Item>) => void };
  const calls: Call[] = [];
  const wait = (what: string, id: string, action?: Action) =>
    new Promise<SessionResult<Item>>((resolve) => calls.push({ what, id, action, resolve }));
  return {
    calls,
    send: (item: Item, action: Action) => wait("send", item.id, action),
    undo: (item: Item) => wait("undo", item.id),
    /** Answers the oldest call still waiting, and lets the session go on to the next. */
    async answer(result: SessionResult<Item> = { ok: true }) {
      const call = calls.find((c) => c.resolve !== undefined && !("done" in c));
      if (!call) throw new Error("no call is waiting");
      Object.assign(call, { done: true });
      call.resolve(result);
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

function session(ids: string[], server = slowServer(), now = () => 0) {
  const events: SettledEvent<Item, Action>[] = [];
  const s = new ReviewSession<Item, Action>(
    ids.map((id) => ({ id })),
    {
      send: server.send,
      undo: server.undo,
      category: (a) => (a.type === "approve" ? "approved" : a.type === "merge" ? "merged" : "rejected"),
      now,
    },
  );
  s.onSettled((e) => events.push(e));
  return { s, server, events, shown: () => s.getSnapshot().visible.map((i) => i.id) };
}

describe("a review session", () => {
  it("binds each key to the card it was pressed on, while earlier decisions are still saving", async () => {
    const { s, server, shown } = session(["a", "b", "c", "d"]);
    const pressApprove = () => s.decide(s.getSnapshot().selectedId as string, { type: "approve" });
    pressApprove();
    pressApprove();
    s.decide(s.getSnapshot().selectedId as string, { type: "reject", reason: "Wrong" });
    // Three keys, no answer yet: the three cards left in order, the fourth is selected, one call is out.
    expect(shown()).toEqual(["d"]);
    expect(s.getSnapshot().selectedId).toBe("d");
    expect(s.getSnapshot().focus).toMatchObject({ id: "d", into: "card", soft: false });
    expect(server.calls.map((c) => `${c.what} ${c.id}`)).toEqual(["send a"]);
    expect(s.getSnapshot().pending).toBe(3);
    await server.answer();
    await server.answer();
    await server.answer();
    expect(server.calls.map((c) => `${c.id} ${c.action?.type}`)).toEqual(["a approve", "b approve", "c reject"]);
    expect(s.getSnapshot().pending).toBe(0);
    expect(s.getSnapshot().tally).toEqual({ approved: 2, merged: 0, rejected: 1 });
  });

  it("patches its list with a decision's answer: changed cards replaced, gone ones out, freed ones in", async () => {
    const { s, server, shown } = session(["a", "b", "c", "d"]);
    s.decide("a", { type: "approve" });
    s.decide("b", { type: "merge" });
    // a's answer: c is now a duplicate of the new fact, d joined another card's cluster.
    await server.answer({ ok: true, patch: { cards: [{ id: "c", verdict: "duplicate" }], gone: ["d"], freed: [] } });
    expect(shown()).toEqual(["c"]);
    expect(s.getSnapshot().visible[0]).toEqual({ id: "c", verdict: "duplicate" });
    expect(s.getSnapshot().selectedId).toBe("c");
    // b's answer: the two cards b held stand alone now, where b was (before c), and a card not on this
    // page (z, re-judged elsewhere in the queue) is not pulled in.
    await server.answer({
      ok: true,
      patch: { cards: [{ id: "z", verdict: "related" }], gone: [], freed: [{ id: "b1" }, { id: "b2" }] },
    });
    expect(shown()).toEqual(["b1", "b2", "c"]);
    expect(s.getSnapshot().tally).toEqual({ approved: 1, merged: 1, rejected: 0 });
    // The server's next list wins over the patches.
    s.setItems([{ id: "c" }, { id: "e" }]);
    expect(shown()).toEqual(["c", "e"]);
  });

  it("an undone card comes back after a patched list as it did before", async () => {
    const { s, server, shown } = session(["a", "b"]);
    s.decide("a", { type: "approve" });
    await server.answer({ ok: true, patch: { cards: [{ id: "b", verdict: "duplicate" }], gone: [], freed: [] } });
    expect(s.undoLast(10_000)).toBe("queued");
    await server.answer();
    expect(shown()).toEqual(["a", "b"]);
    expect(s.getSnapshot().visible[1]).toEqual({ id: "b", verdict: "duplicate" });
  });

  it("keeps the selected card when the server's list comes back re-sorted", () => {
    const { s, shown } = session(["a", "b", "c", "d"]);
    s.decide("a", { type: "approve" });
    expect(s.getSnapshot().selectedId).toBe("b");
    // The approval's response: a is gone, and re-judging moved d to the top.
    s.setItems([{ id: "d" }, { id: "b" }, { id: "c" }]);
    expect(shown()).toEqual(["d", "b", "c"]);
    expect(s.getSnapshot().selectedId).toBe("b");
    s.decide(s.getSnapshot().selectedId as string, { type: "approve" });
    expect(s.getSnapshot().selectedId).toBe("c");
  });

  it("brings a refused card back with the reason, and never hands its decision to another card", async () => {
    const { s, server, events, shown } = session(["a", "b", "c"]);
    s.decide("a", { type: "approve" });
    s.decide("b", { type: "approve" });
    await server.answer({ ok: false, message: "judged again since you read it", code: "CONFLICT" });
    expect(shown()).toEqual(["a", "c"]);
    expect(s.getSnapshot().outcomes.get("a")).toMatchObject({
      state: "failed",
      message: expect.stringMatching(/again/),
    });
    // The reviewer is on c and stays there; b's decision is still b's.
    expect(s.getSnapshot().selectedId).toBe("c");
    expect(server.calls.at(-1)).toMatchObject({ what: "send", id: "b" });
    await server.answer();
    expect(events.map((e) => `${e.type} ${"item" in e ? e.item.id : ""}`)).toEqual(["failed a", "saved b"]);
  });

  it("undo drops a decision not sent yet, and undoes a sent one after it is saved", async () => {
    const { s, server, events, shown } = session(["a", "b", "c"]);
    s.decide("a", { type: "approve" });
    s.decide("b", { type: "reject" });
    expect(s.undoLast(10_000)).toBe("dropped");
    expect(shown()).toEqual(["b", "c"]);
    expect(s.getSnapshot().selectedId).toBe("b");
    expect(s.undoLast(10_000)).toBe("queued"); // a, still saving
    expect(shown()).toEqual(["a", "b", "c"]);
    expect(s.getSnapshot().selectedId).toBe("a");
    await server.answer(); // a's approval
    expect(server.calls.map((c) => `${c.what} ${c.id}`)).toEqual(["send a", "undo a"]);
    await server.answer(); // the undo
    expect(events.map((e) => e.type)).toEqual(["undone", "saved", "undone"]);
    expect(shown()).toEqual(["a", "b", "c"]);
    // The server's next list has it again: it is the server's card from then on.
    s.setItems([{ id: "a" }, { id: "b" }, { id: "c" }]);
    expect(s.getSnapshot().outcomes.size).toBe(0);
    expect(s.undoLast(10_000)).toBe("none");
  });

  it("a card undone comes back where it was until the server sends it again", async () => {
    const { s, server, shown } = session(["a", "b", "c"]);
    s.decide("b", { type: "approve" });
    await server.answer();
    s.setItems([{ id: "a" }, { id: "c" }]);
    expect(s.undoLast(10_000)).toBe("queued");
    expect(shown()).toEqual(["a", "b", "c"]);
    expect(s.getSnapshot().selectedId).toBe("b");
    await server.answer({ ok: false, message: "the fact changed since" });
    expect(shown()).toEqual(["a", "c"]);
  });

  it("undo refuses a decision older than its window", () => {
    let t = 0;
    const { s } = session(["a", "b"], slowServer(), () => t);
    s.decide("a", { type: "approve" });
    t = 11_000;
    expect(s.undoLast(10_000)).toBe("none");
  });

  it("selects the card that took the place of one decided elsewhere, and asks for the focus softly", () => {
    const { s } = session(["a", "b", "c"]);
    s.move(1);
    expect(s.getSnapshot().selectedId).toBe("b");
    s.setItems([{ id: "a" }, { id: "c" }]);
    expect(s.getSnapshot().selectedId).toBe("c");
    expect(s.getSnapshot().focus).toMatchObject({ id: "c", soft: true });
  });

  it("opens a panel on the selected card with the focus inside, and closing it gives the card the focus", () => {
    const { s } = session(["a", "b"]);
    s.move(1);
    s.open("edit");
    expect(s.getSnapshot().mode).toEqual({ id: "b", panel: "edit" });
    expect(s.getSnapshot().focus).toMatchObject({ id: "b", into: "panel" });
    // A list from the server while the editor is open: the editor and its focus stay.
    const seq = s.getSnapshot().focus?.seq;
    s.setItems([{ id: "b" }, { id: "a" }]);
    expect(s.getSnapshot().mode).toEqual({ id: "b", panel: "edit" });
    expect(s.getSnapshot().focus?.seq).toBe(seq);
    s.close();
    expect(s.getSnapshot().mode).toBeNull();
    expect(s.getSnapshot().focus).toMatchObject({ id: "b", into: "card" });
  });

  it("a bulk decision hides its cards at once and shows them again if it is refused", async () => {
    const { s, events, shown } = session(["a", "b", "c"]);
    let answer: (r: SessionResult) => void = () => undefined;
    s.pick("a");
    s.pick("b");
    expect(s.getSnapshot().picked.map((i) => i.id)).toEqual(["a", "b"]);
    s.decideMany(["a", "b"], { type: "reject", reason: "Wrong" }, () => new Promise((r) => (answer = r)));
    expect(s.getSnapshot().picked).toEqual([]);
    expect(shown()).toEqual(["c"]);
    expect(s.getSnapshot().tally.rejected).toBe(2);
    answer({ ok: false, message: "too many" });
    await new Promise((r) => setTimeout(r, 0));
    expect(shown()).toEqual(["a", "b", "c"]);
    expect(events.at(-1)).toMatchObject({ type: "bulk", result: { ok: false } });
  });

  it("picks a range from the last card picked, and unpicks it the same way", () => {
    const { s } = session(["a", "b", "c", "d"]);
    const picked = () => s.getSnapshot().picked.map((i) => i.id);
    s.pick("b");
    s.pick("d", true);
    expect(picked()).toEqual(["b", "c", "d"]);
    s.pick("c");
    expect(picked()).toEqual(["b", "d"]);
    s.pickAll();
    expect(s.getSnapshot().allMatching).toBe(true);
    s.clearPicks();
    expect(picked()).toEqual([]);
  });

  it("moves within the list's ends and toggles the focused view", () => {
    const { s } = session(["a", "b"]);
    s.move(-1);
    expect(s.getSnapshot().selectedId).toBe("a");
    s.move(5);
    expect(s.getSnapshot().selectedId).toBe("b");
    s.toggleView();
    expect(s.getSnapshot().view).toBe("focus");
    expect(s.getSnapshot().selectedId).toBe("b");
  });
});
