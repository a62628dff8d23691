import { describe, expect, it } from "vitest";
import { FEATURE_NAMES } from "./features";
import { scorePair } from "./matcher";
import { MODELS, type PairModel } from "./model";
import { DEFAULT_THRESHOLDS } from "./thresholds";

const verdict = (a: string, b: string, model?: PairModel) => scorePair(a, b, { model }).verdict;

describe("the duplicate model fitted on public pairs (scripts/fit-matcher.ts)", () => {
  it("merges the seeds' own textbook duplicate: an order and the same order as an obligation", () => {
    // MentisDB's cookbook (`applier_skips_duplicates`) expects exactly this pair to be a duplicate.
    const r = scorePair("Ship offline mode by end of Q3.", "Offline mode must be shipped by the end of Q3.");
    expect(r).toMatchObject({ verdict: "duplicate", reason: "Same statement, reworded" });
  });

  it("merges paraphrases a reviewer would merge", () => {
    for (const [a, b] of [
      ["Marcus prefers dark roast coffee.", "Marcus likes dark-roast coffee best."],
      ["No new vendors are allowed for the project.", "The project may not use any new vendors."],
      ["The launch of the mobile app is on Friday.", "The mobile app launches on Friday."],
      ["The vendor approved the proposal.", "The proposal was approved by the vendor."],
      ["The new onboarding flow frustrates customers.", "Customers are frustrated by the new onboarding flow."],
    ] as const) {
      expect(verdict(a, b), `${a} | ${b}`).toBe("duplicate");
    }
  });

  it("keeps apart another object, another actor, another time stamp of the same event", () => {
    for (const [a, b] of [
      [
        "The on-call rotation for the localisation database starts by end of Q5.",
        "The on-call rotation for the localisation queue starts after the release.",
      ],
      ["The audit widget failed 4 times this week.", "The chat audit failed 4 times this week."],
      ["Lin ships the quarterly report.", "Marcus ships the quarterly report."],
      ["The audit failed on Monday.", "The audit failed on Tuesday."],
    ] as const) {
      expect(verdict(a, b), `${a} | ${b}`).not.toBe("duplicate");
    }
  });

  it("weighs a modality on one side amid a rewording, and names it in the reason", () => {
    const r = scorePair(
      "Reviewers should read every migration before it ships to production.",
      "Every migration is read by reviewers before it goes to production.",
    );
    expect(r).toMatchObject({ verdict: "duplicate", reason: "Same statement, reworded; Adds detail: 'should'" });
    // The same finding as the one thing that differs is no rewording: vetoed.
    expect(verdict("We ship the release on Friday.", "We may ship the release on Friday.")).toBe("related");
  });

  it("reads only features that features.ts computes, with cut-offs in order", () => {
    for (const m of [MODELS.lexical, MODELS.encoder])
      for (const f of m.features) expect([...FEATURE_NAMES, "encoder"]).toContain(f);
    expect(MODELS.encoder.features).toContain("encoder");
    expect(DEFAULT_THRESHOLDS.related).toBeLessThan(DEFAULT_THRESHOLDS.duplicate);
    expect(DEFAULT_THRESHOLDS.duplicate).toBe(MODELS.thresholds.duplicate);
  });
});

describe("what no model may overrule", () => {
  // A model that calls everything a duplicate, and one that calls nothing one.
  const merging: PairModel = { features: ["overlap"], bias: 50, weights: [0] };
  const refusing: PairModel = { features: ["overlap"], bias: -50, weights: [0] };

  it("keeps a value that truly differs apart, whatever the model says", () => {
    for (const [a, b] of [
      ["We will ship offline mode by end of Q3.", "We will ship offline mode by end of Q4."],
      ["The team has five engineers.", "The team has seven engineers."],
      ["Lin owns the data migration.", "Marcus owns the data migration."],
      ["The API is rate limited.", "The API is not rate limited."],
      ["Melanie has two younger sisters.", "Melanie has two younger brothers."],
      ["Lin is the team lead.", "Lin was formerly the team lead."],
      ["Deploys happen before the standup.", "Deploys happen after the standup."],
      ["Every customer can export their data.", "Most customers can export their data."],
      // the one thing that differs: another thing, or a deadline on one side
      ["Customers rated the identity queue 4 out of 5.", "Customers rated the backup queue 4 out of 5."],
      ["Offline mode ships.", "Offline mode ships by Friday."],
    ] as const) {
      expect(verdict(a, b, merging), `${a} | ${b}`).not.toBe("duplicate");
    }
    expect(verdict("Ship offline mode by end of Q3.", "Offline mode must be shipped by the end of Q3.", merging)).toBe(
      "duplicate",
    );
  });

  it("leaves the same text a duplicate, whatever the model says", () => {
    expect(scorePair("We use Postgres.", "we use postgres!", { model: refusing })).toMatchObject({
      verdict: "duplicate",
    });
    expect(verdict("We use Postgres for the event store.", "We use PostgreSQL for events.", refusing)).not.toBe(
      "duplicate",
    );
  });
});
