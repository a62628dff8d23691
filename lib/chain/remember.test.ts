import { describe, expect, it } from "vitest";
import { rejectedBeforeReason, rememberDecisions, type EarlierRejection } from "@/lib/chain/remember";
import type { MatchResult } from "@/lib/matcher";

const fresh = (): { match: MatchResult; clusterId: string | null; rejectedBefore?: EarlierRejection } => ({
  match: { verdict: "new", stage: "lexical", matches: [] },
  clusterId: "open-head",
});
const rejection = {
  candidateId: "c1",
  content: "Bo owns the billing rollout.",
  reason: "Superseded",
  reviewer: "Rita",
  at: new Date("2026-12-01T10:00:00Z"),
};

describe("the remember stage", () => {
  it("makes the words of an approved candidate a duplicate of the fact it became, edited or not", () => {
    const out = rememberDecisions(fresh(), {
      approved: { candidateId: "c2", factId: "f1", content: "The launch moved to March 14." },
    });
    expect(out.match.verdict).toBe("duplicate");
    expect(out.match.matches[0]).toMatchObject({ factId: "f1", content: "The launch moved to March 14." });
    expect(out.clusterId).toBeNull();
  });

  it("carries a rejection to the gate, unless the words were approved since", () => {
    expect(rememberDecisions(fresh(), { rejected: rejection }).rejectedBefore).toEqual(rejection);
    const both = rememberDecisions(fresh(), {
      rejected: rejection,
      approved: { candidateId: "c3", factId: "f2", content: "Bo owns the billing rollout." },
    });
    expect(both.rejectedBefore).toBeUndefined();
  });

  it("leaves a candidate nobody decided on as it was", () => {
    const before = fresh();
    expect(rememberDecisions(before, {})).toEqual(before);
  });

  it("says who rejected it, why and when", () => {
    expect(rejectedBeforeReason(rejection)).toBe("Rejected before: Superseded, by Rita, 2026-12-01");
    expect(rejectedBeforeReason({ ...rejection, reviewer: null, at: null })).toBe("Rejected before: Superseded");
  });
});
