import { describe, expect, it } from "vitest";
import { cutAtClause, normalizeKind, normalizeScore } from "@/lib/extraction/llm/normalize";

const kinds = new Set(["decision", "action_item", "context"]);

describe("normalize", () => {
  it("maps kinds differing in case, spacing, hyphens or a plural to the taxonomy's id", () => {
    for (const raw of ["Decision", " DECISION ", "decisions"]) expect(normalizeKind(raw, kinds)).toBe("decision");
    for (const raw of ["action-item", "Action Item", "ACTION_ITEM", "actionitem", "action items"]) {
      expect(normalizeKind(raw, kinds)).toBe("action_item");
    }
    expect(normalizeKind("risk", kinds)).toBeUndefined();
  });

  it("reads words and percentages as scores and refuses what is not one", () => {
    expect([normalizeScore("high"), normalizeScore("Medium"), normalizeScore("low")]).toEqual([0.9, 0.6, 0.3]);
    expect([normalizeScore("85%"), normalizeScore(85), normalizeScore("0.4"), normalizeScore(1)]).toEqual([
      0.85, 0.85, 0.4, 1,
    ]);
    expect([normalizeScore("sure"), normalizeScore(-1), normalizeScore(250), normalizeScore(null)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("cuts at the last clause boundary within the limit", () => {
    expect(cutAtClause("Short.", 100)).toBe("Short.");
    expect(cutAtClause("Dana decided to ship on Friday, after the review; then the team celebrated loudly", 60)).toBe(
      "Dana decided to ship on Friday, after the review",
    );
  });
});
