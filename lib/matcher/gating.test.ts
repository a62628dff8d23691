import { describe, expect, it } from "vitest";
import { decideGate, gatePolicyForOrigin, GatePolicySchema } from "./gating";
import type { MatchResult } from "./schema";

const newMatch: MatchResult = { verdict: "new", stage: "lexical", matches: [] };
const contradiction: MatchResult = {
  verdict: "contradicts",
  stage: "lexical",
  matches: [
    {
      factId: "f1",
      content: "Ship by end of Q3",
      score: 0.8,
      verdict: "contradicts",
      stage: "lexical",
      reason: "'end of Q3' vs 'end of Q4'",
    },
  ],
};
const exact: MatchResult = {
  verdict: "duplicate",
  stage: "hash",
  matches: [
    { factId: "f7", content: "Ship by end of Q3", score: 1, verdict: "duplicate", stage: "hash", reason: "Same text" },
  ],
};

describe("decideGate", () => {
  it("has the documented defaults", () => {
    expect(GatePolicySchema.parse({})).toEqual({
      minConfidence: 0.7,
      gateUnsupported: true,
      gateContradictions: true,
      autoApprove: { enabled: false, minConfidence: 0.9 },
      autoMergeExactDuplicates: false,
      autoRejectRepeats: false,
    });
  });

  it("gates low confidence, unsupported quotes and contradictions with readable reasons", () => {
    const d = decideGate({ candidate: { confidence: 0.55, supported: false }, match: contradiction });
    expect(d.status).toBe("gated");
    expect(d.reasons).toEqual([
      "Quote not found in the source",
      `Contradicts an approved fact: "Ship by end of Q3" ('end of Q3' vs 'end of Q4')`,
      "Low confidence (0.55 < 0.70)",
    ]);
  });

  it("leaves a confident, supported new candidate pending unless auto-approve is on", () => {
    expect(decideGate({ candidate: { confidence: 0.95, supported: true }, match: newMatch })).toEqual({
      status: "pending",
      reasons: [],
    });
    const auto = decideGate({
      candidate: { confidence: 0.95, supported: true },
      match: newMatch,
      policy: { autoApprove: { enabled: true } },
    });
    expect(auto.status).toBe("approved");
    expect(auto.reasons[0]).toContain("0.95 ≥ 0.90");
    const below = decideGate({
      candidate: { confidence: 0.8, supported: true },
      match: newMatch,
      policy: { autoApprove: { enabled: true } },
    });
    expect(below.status).toBe("pending");
  });

  it("respects switched-off gates", () => {
    const d = decideGate({
      candidate: { confidence: 0.9, supported: false },
      match: contradiction,
      policy: { gateUnsupported: false, gateContradictions: false },
    });
    expect(d.status).toBe("pending");
  });

  it("merges exact duplicates only when the policy says so", () => {
    const off = decideGate({ candidate: { confidence: 0.9, supported: true }, match: exact });
    expect(off.status).toBe("pending");
    expect(off.reasons[0]).toContain("Possible duplicate");
    const on = decideGate({
      candidate: { confidence: 0.9, supported: true },
      match: exact,
      policy: { autoMergeExactDuplicates: true },
    });
    expect(on).toMatchObject({ status: "merged", mergeIntoFactId: "f7" });
  });

  it("merges an exact duplicate whatever its confidence, but not past the other gates", () => {
    const merge = { autoMergeExactDuplicates: true };
    const unsure = { confidence: 0.2, supported: true, content: "Ship by end of Q3", quote: "ship by end of Q3" };
    expect(decideGate({ candidate: unsure, match: exact, policy: merge })).toMatchObject({
      status: "merged",
      mergeIntoFactId: "f7",
    });
    // Without auto-merge, low confidence still gates it.
    expect(decideGate({ candidate: unsure, match: exact }).status).toBe("gated");
    const unsupported = decideGate({ candidate: { ...unsure, supported: false }, match: exact, policy: merge });
    expect(unsupported).toMatchObject({ status: "gated" });
    expect(unsupported.reasons).toContain("Quote not found in the source");
    const alsoContradicts: MatchResult = { ...exact, matches: [...exact.matches, ...contradiction.matches] };
    expect(decideGate({ candidate: unsure, match: alsoContradicts, policy: merge }).status).toBe("gated");
    const hidden = { ...unsure, content: "Ship by end of Q3\u200b", quote: "ship by end of Q3\u200b" };
    const unsafe = decideGate({ candidate: hidden, match: exact, policy: merge });
    expect(unsafe.status).toBe("gated");
    expect(unsafe.reasons.filter((r) => !r.startsWith("Low confidence")).length).toBeGreaterThan(0);
  });

  it("rejects an out-of-range policy", () => {
    expect(GatePolicySchema.safeParse({ minConfidence: 2 }).success).toBe(false);
  });
});

describe("an agent's proposals", () => {
  const allowAll = GatePolicySchema.parse({
    autoApprove: { enabled: true, minConfidence: 0.5 },
    autoMergeExactDuplicates: true,
  });

  it("are never approved or merged automatically, even when Settings allow it for other sources", () => {
    expect(
      decideGate({ candidate: { confidence: 0.99, supported: true }, match: newMatch, policy: allowAll }).status,
    ).toBe("approved");
    const agent = gatePolicyForOrigin(allowAll, "agent");
    expect(
      decideGate({ candidate: { confidence: 0.99, supported: true }, match: newMatch, policy: agent }).status,
    ).toBe("pending");
    expect(decideGate({ candidate: { confidence: 0.99, supported: true }, match: exact, policy: agent }).status).toBe(
      "pending",
    );
    expect(gatePolicyForOrigin(allowAll, "paste")).toBe(allowAll);
  });
});
