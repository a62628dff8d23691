import { describe, expect, it } from "vitest";
import { fitModel, scorer } from "@/lib/learning/model";
import { refit, type DecidedLabel } from "@/lib/learning/refit";

// A team that approves what it says about deadlines and rejects small talk, whatever the shipped confidence said.
function label(i: number, deadline: boolean, approved = deadline): DecidedLabel {
  return {
    outcome: approved ? "approved" : "rejected",
    confidence: 0.5,
    content: deadline ? `The report deadline is Friday ${i}` : `Nice weather today ${i}`,
    quote: deadline ? "deadline is Friday" : "nice weather",
    kind: deadline ? "decision" : "note",
    speaker: "Ann",
    sourceFormat: "text",
    decidedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  };
}
const team = (n: number, from = 0) => Array.from({ length: n }, (_, i) => label(from + i, i % 2 === 0));

describe("refit", () => {
  it("serves a model that learned the team's taste, and the card says why", () => {
    const outcome = refit(team(40), null);
    expect(outcome.decision).toBe("serve");
    const score = scorer(outcome.model!.weights, outcome.model!.decisions);
    const high = score(label(99, true));
    expect(high.confidence).toBeGreaterThan(0.7);
    expect(score(label(99, false)).confidence).toBeLessThan(0.3);
    expect(high.reason).toMatch(/you approved \d+ of \d+/);
  });

  it("never replaces a better model with a worse one", () => {
    const good = refit(team(40), null).model!;
    // The team's newest decisions still follow its taste, but the older ones a new fit would learn from are noise.
    const noise = Array.from({ length: 60 }, (_, i) => label(100 + i, i % 2 === 0, i % 4 < 2 ? i % 2 !== 0 : true));
    const fresh = team(20, 300);
    const outcome = refit([...noise, ...fresh], { ...good, trainedThrough: team(40)[39]!.decidedAt });
    expect(outcome.decision).toBe("keep");
    expect(outcome.candidate!.logLoss).toBeGreaterThanOrEqual(outcome.serving!.logLoss);
  });

  it("waits while there are too few decisions to test a model on", () => {
    expect(refit(team(8), null).decision).toBe("wait");
  });

  it("changes little after few decisions: the prior holds", () => {
    const few = fitModel(team(4));
    const score = scorer(few, 4)(label(99, true)).confidence;
    expect(Math.abs(score - 0.5)).toBeLessThan(0.25);
  });
});
