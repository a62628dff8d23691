import { describe, expect, it } from "vitest";
import { gateCandidates } from "@/lib/chain/gate";
import type { MatchedCandidate } from "@/lib/chain/match";
import type { Candidate } from "@/lib/extraction/schema";

const candidate = (content: string, extra: Partial<Candidate> = {}): Candidate => ({
  content,
  kind: "decision",
  confidence: 0.95,
  importance: 0.5,
  temporal: "past",
  speaker: null,
  quote: content,
  start: 0,
  end: content.length,
  supported: true,
  ...extra,
});
const matched = (c: Candidate, id: string): MatchedCandidate => ({
  candidate: c,
  id,
  match: { verdict: "new", stage: "lexical", matches: [] },
  clusterId: null,
});

describe("the gate stage", () => {
  it("applies the run's policy, and gates a credential whatever the policy says", async () => {
    const policy = { minConfidence: 0.7, autoApprove: { enabled: true, minConfidence: 0.9 } };
    const [approved, low, secret] = await gateCandidates(
      [
        matched(candidate("We decided to ship offline mode by Q3."), "a"),
        matched(candidate("Maybe we ship later.", { confidence: 0.4 }), "b"),
        matched(candidate("The deploy bot uses ghp_R7kq2Lm9XwPz4Tn8Vb3Hc6Jd1Yf5Ga0Es2Qu for now."), "c"),
      ],
      policy,
    );
    expect(approved?.gate.status).toBe("approved");
    expect(low?.gate).toMatchObject({ status: "gated", reasons: [expect.stringMatching(/confidence/i)] });
    expect(secret?.gate.status).toBe("gated");
    expect(secret?.gate.reasons.join(" ")).toMatch(/credential|secret|token/i);
  });

  it("gates a repeat of rejected words with the rejection, or rejects it again when the policy says so", async () => {
    const rejectedBefore = { candidateId: "x", content: "Ship it.", reason: "Wrong", reviewer: "Rita", at: null };
    const repeat = { ...matched(candidate("We decided to ship offline mode by Q3."), "r"), rejectedBefore };
    const autoApprove = { autoApprove: { enabled: true, minConfidence: 0.9 } };
    const [gated] = await gateCandidates([repeat], autoApprove);
    expect(gated?.gate).toEqual({ status: "gated", reasons: ["Rejected before: Wrong, by Rita"] });
    const [again] = await gateCandidates([repeat], { ...autoApprove, autoRejectRepeats: true });
    expect(again?.gate).toMatchObject({ status: "rejected", rejectReason: "Wrong" });
  });
});
