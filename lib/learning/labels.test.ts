import { describe, expect, it } from "vitest";
import { outcomeOf, standingDecision, type HistoryEvent } from "@/lib/learning/labels";

let clock = 0;
const event = (id: string, action: HistoryEvent["action"], detail: HistoryEvent["detail"] = {}): HistoryEvent => ({
  id,
  action,
  detail,
  reviewerId: "rita",
  createdAt: new Date(++clock * 1000),
});

describe("the decision that stands", () => {
  it("is none after an undo, and the later decision after a decision taken again", () => {
    expect(standingDecision([event("a", "approved"), event("u", "undone", { undid: "a" })])).toBeNull();
    const again = [event("a", "approved"), event("u", "undone", { undid: "a" }), event("r", "rejected")];
    expect(standingDecision(again)?.id).toBe("r");
  });

  it("reads an undo that names no decision as taking back the latest", () => {
    expect(standingDecision([event("a", "approved"), event("r", "rejected"), event("u", "undone")])?.id).toBe("a");
  });

  it("labels an approval with edits as edited, and one the gate took alone as nothing", () => {
    expect(outcomeOf(event("a", "approved", { editedWords: 4 }))).toEqual({ outcome: "edited", editedWords: 4 });
    expect(outcomeOf(event("k", "approved", { editedWords: 0, approvedKind: "decision" }))?.outcome).toBe("edited");
    expect(outcomeOf(event("b", "approved"))).toEqual({ outcome: "approved", editedWords: 0 });
    expect(outcomeOf({ ...event("g", "approved"), reviewerId: null })).toBeNull();
  });
});
