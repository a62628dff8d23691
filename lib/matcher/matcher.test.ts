import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { matchCandidate } from "./match-candidate";
import { scorePair } from "./matcher";
import { contentHash, normalizeText } from "@/lib/text/normalize";
import { ThresholdsSchema } from "./thresholds";

describe("normalization and hash", () => {
  it("ignores case, punctuation and spacing but keeps numbers", () => {
    expect(normalizeText("  Offline   mode — ships, by Q3!! ")).toBe("offline mode ships by q3");
    expect(normalizeText("Budget is 2.5 million")).toBe("budget is 2.5 million");
    expect(contentHash("Ship by Q3.")).toBe(contentHash("ship by q3"));
    expect(contentHash("Ship by Q3.")).not.toBe(contentHash("Ship by Q4."));
  });

  it("reports identical text at the hash stage and case/punctuation variants at the normalized stage", () => {
    expect(scorePair("We use Postgres.", "We use Postgres.")).toMatchObject({
      verdict: "duplicate",
      stage: "hash",
      score: 1,
    });
    expect(scorePair("We use Postgres.", "we use postgres")).toMatchObject({ verdict: "duplicate", stage: "hash" });
    expect(scorePair("We use Postgres!", "We use: Postgres")).toMatchObject({ verdict: "duplicate" });
  });
});

describe("scorePair", () => {
  it("calls a paraphrase with the same date a duplicate", () => {
    const r = scorePair("Offline mode ships by end of Q3", "offline mode will ship by the end of Q3");
    expect(r.verdict).toBe("duplicate");
    expect(r.stage).toBe("lexical");
    expect(r.score).toBeGreaterThan(0.8);
  });

  it("never calls the must-never pairs duplicates", () => {
    for (const [a, b] of [
      ["Melanie has two younger sisters.", "Melanie has two younger brothers."],
      ["We will ship by end of Q3.", "We will ship by end of Q4."],
      ["The man is smiling.", "There is no man smiling."],
    ] as const) {
      expect(scorePair(a, b).verdict).not.toBe("duplicate");
    }
  });

  it("names both values when a date, number, negation or qualifier conflicts", () => {
    const q = scorePair("We will ship offline mode by end of Q3", "We will ship offline mode by end of Q4");
    expect(q.verdict).toBe("contradicts");
    expect(q.reason).toContain("end of Q3");
    expect(q.reason).toContain("end of Q4");
    const n = scorePair("The team has five engineers.", "The team has 7 engineers.");
    expect(n.verdict).toBe("contradicts");
    expect(n.reason).toMatch(/five.*7/);
    const neg = scorePair("The API is rate limited.", "The API is not rate limited.");
    expect(neg.verdict).toBe("contradicts");
    expect(neg.reason).toContain("not");
    const qual = scorePair("Melanie has two younger sisters.", "Melanie has two younger brothers.");
    expect(qual).toMatchObject({ verdict: "contradicts" });
    expect(qual.reason).toMatch(/sisters.*brothers/);
  });

  it("reads a different source of the same statement as related, not a contradiction of what was said", () => {
    const r = scorePair(
      "The river will crest at 36 feet tonight, Burke said.",
      "The river will crest at 36 feet tonight, the Weather Service said.",
    );
    expect(r.verdict).toBe("related");
    expect(r.reason).toContain("Different source: 'Burke' → 'Weather Service'");
    // The owner of a task is no source: a different one still contradicts.
    expect(scorePair("Lin owns the migration.", "Marcus owns the migration.").verdict).toBe("contradicts");
  });

  it("reads a past day counted from the speaker as an event's stamp, but a day that may be a plan as a date", () => {
    // "yesterday" and "on Wednesday" may be the same day: both shown, no guard.
    const stamped = scorePair(
      "The company said yesterday that profits rose sharply.",
      "The company said on Wednesday that profits rose sharply.",
    );
    expect(stamped.verdict).toBe("duplicate");
    expect(stamped.reason).toContain("Adds detail: 'yesterday'");
    expect(scorePair("We ship the mobile app today.", "We ship the mobile app on Wednesday.").verdict).toBe("related");
    expect(scorePair("Offline mode ships this week.", "Offline mode ships.").verdict).toBe("related");
  });

  it("treats the same number in words and digits as equal", () => {
    expect(scorePair("The team has five engineers.", "The team has 5 engineers.").verdict).toBe("duplicate");
    // US dollars written with their country are the same amount; another amount is not.
    expect(scorePair("The licence costs $US13.15 a seat.", "The licence costs $13.15 a seat.").verdict).toBe(
      "duplicate",
    );
    expect(scorePair("The licence costs US$13.15 a seat.", "The licence costs $15 a seat.").verdict).toBe(
      "contradicts",
    );
  });

  it("calls numbers that differ on both sides a conflict even when one side only adds a number", () => {
    const r = scorePair(
      "Customers rated the roadmap 5 out of 5 in the survey.",
      "Customers rated the roadmap 6 out of 5 in the survey.",
    );
    expect(r.verdict).toBe("contradicts");
    expect(r.reason).toBe("Different number: '5 out of 5' → '6 out of 5'");
  });

  it("calls a one-sided extra value related, not a contradiction", () => {
    const r = scorePair("The review is on Monday.", "The review is this week.");
    expect(r.verdict).not.toBe("duplicate");
    expect(r.verdict).not.toBe("contradicts");
  });

  it("reads 'not only' and 'nothing but' as affirming, and 'no praise' as a negation", () => {
    const [a, b] = ["Not only did Lin approve the budget, she also signed the contract.", "Lin approved the budget."];
    expect(scorePair(a, `${b.slice(0, -1)} and signed the contract.`).verdict).toBe("duplicate");
    const praise = "The customers had praise for the new dashboard.";
    expect(scorePair("The customers had nothing but praise for the new dashboard.", praise).verdict).toBe("duplicate");
    expect(scorePair("The customers had no praise for the new dashboard.", praise).verdict).toBe("contradicts");
  });

  it("treats an extra detail on one side as an elaboration, not a conflict", () => {
    const stage = scorePair("A man is playing a guitar.", "A man is playing a guitar on stage.");
    expect(stage.verdict).toBe("duplicate");
    const name = scorePair("The mobile app supports offline mode.", "The mobile app supports offline mode on Android.");
    expect(name.verdict).toBe("duplicate");
    expect(name.reason).toContain("Android");
    // A time on one side only changes a commitment: related, never duplicate or contradiction.
    expect(scorePair("Offline mode ships.", "Offline mode ships by Q3.").verdict).toBe("related");
  });

  it("reads synonyms of the same value as equal and a leading 'No,' as an answer, not a negation", () => {
    expect(
      scorePair("An elderly man works on his laptop at home.", "An elderly gentleman works on his laptop at home.")
        .verdict,
    ).toBe("duplicate");
    expect(scorePair("A man is slicing tofu.", "A woman is slicing tofu.").verdict).toBe("contradicts");
    expect(scorePair("No, it's not a good idea.", "It's not a good idea.").verdict).toBe("duplicate");
    expect(scorePair("It's not a good idea.", "It's a good idea.").verdict).not.toBe("duplicate");
  });

  it("reads negation word by word: the same negation on both sides is no difference, one more is", () => {
    const both = scorePair("No one has been killed in the attacks.", "No one has been killed in the recent attacks.");
    expect(both.differences.filter((d) => d.kind === "negation")).toEqual([]);
    const twice = scorePair(
      "The girl is carrying a sign and a group of people is following her.",
      "The girl is not carrying a sign and no group of people is following her.",
    );
    expect(twice).toMatchObject({ verdict: "contradicts", reason: "Negated: 'is carrying' → 'is not carrying'" });
  });

  it("matches irregular word forms through their base form", () => {
    const irregular = scorePair("The children ran to school.", "The child runs to school.");
    const unrelated = scorePair("The children ran to school.", "The child walks to work.");
    expect(irregular.score).toBeGreaterThan(unrelated.score);
    expect(irregular.verdict).not.toBe("new");
  });

  it("calls unrelated statements new with a low score", () => {
    const r = scorePair("The cat sat on the mat.", "Quarterly revenue grew strongly in Europe.");
    expect(r.verdict).toBe("new");
    expect(r.score).toBeLessThan(0.3);
  });

  it("keeps every hand-written contradiction pair out of duplicate", () => {
    const file = path.join(import.meta.dirname, "__fixtures__", "contradictions.jsonl");
    const all = readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { a: string; b: string; kind: string });
    // A swapped thing, or an amount, a modality or a deadline on one side only: related, never duplicate.
    const isRelated = (kind: string) => kind === "thing" || kind === "related";
    const pairs = all.filter((p) => !isRelated(p.kind));
    const swaps = all.filter((p) => isRelated(p.kind));
    expect(pairs.length).toBeGreaterThanOrEqual(30);
    const verdicts = pairs.map((p) => scorePair(p.a, p.b).verdict);
    expect(verdicts).not.toContain("duplicate");
    expect(verdicts.filter((v) => v === "contradicts").length).toBeGreaterThanOrEqual(pairs.length - 3);
    // A swapped thing is a different fact: related, never duplicate, never a contradiction.
    expect(swaps.map((p) => scorePair(p.a, p.b).verdict)).toEqual(swaps.map(() => "related"));
  });

  it("scores symmetrically and within [0, 1] without word vectors too", () => {
    const a = "Caroline moved to Sweden four years ago.";
    const b = "Four years ago, Caroline relocated to Sweden.";
    const withVec = scorePair(a, b);
    const lexical = scorePair(a, b, { vectors: null });
    expect(Math.abs(withVec.score - scorePair(b, a).score)).toBeLessThan(1e-9);
    for (const s of [withVec.score, lexical.score]) {
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
    expect(lexical.verdict).not.toBe("new");
  });
});

describe("scorePair with WordNet", () => {
  it("never merges two statements that differ only by a swapped noun, and names both things", () => {
    const r = scorePair("Customers rated the identity queue 4 out of 5", "Customers rated the backup queue 4 out of 5");
    // Two queues rated alike are two facts: related, named, but not a contradiction that would gate
    // the candidate and offer to supersede the other.
    expect(r.verdict).toBe("related");
    expect(r.reason).toBe("Different thing: 'identity queue' → 'backup queue'");
    expect(scorePair("A man is playing a guitar.", "A man is playing a flute.").verdict).not.toBe("duplicate");
    expect(scorePair("Melanie has two sisters.", "Melanie has two brothers.").verdict).not.toBe("duplicate");
  });

  it("never merges a different kind of the same thing or a relative time on one side", () => {
    // Near-misses the review benchmark found called duplicates.
    const compound = scorePair(
      "The upload API went down 9 times this week.",
      "The tracing API went down 9 times this week.",
    );
    expect(compound).toMatchObject({ verdict: "related", reason: "Different thing: 'upload API' → 'tracing API'" });
    const head = scorePair(
      "Alice is not convinced that the invoicing cache is worth it.",
      "Alice is not convinced that the invoicing contract is worth it.",
    );
    expect(head.verdict).toBe("related");
    expect(
      scorePair("The sync flow depends on their API next quarter.", "The sync flow depends on their API.").verdict,
    ).not.toBe("duplicate");
    expect(scorePair("We ship next quarter.", "We ship last quarter.").verdict).toBe("contradicts");
  });

  it("never merges a two-word thing swapped for another, but still merges a reworded phrase", () => {
    const swapped = scorePair(
      "Customers rated the experiment model 4 out of 5 in the last survey.",
      "Customers rated the support cache 4 out of 5 in the last survey.",
    );
    expect(swapped).toMatchObject({
      verdict: "related",
      reason: "Different thing: 'experiment model' → 'support cache'",
    });
    const named = scorePair(
      "Mitsubishi Tokyo Financial fell 3 percent on Monday.",
      "Sumitomo Mitsui Financial fell 3 percent on Monday.",
    );
    expect(named.verdict).not.toBe("duplicate");
    // A different thing with a different date is another plan, not a correction of this one.
    const plans = scorePair(
      "The team decided to ship offline mode by the end of Q3.",
      "The team decided to ship the kiosk app 42 by the end of Q4.",
    );
    expect(plans.differences.map((d) => d.reason)).toContain("Different thing: 'offline mode' → 'kiosk app'");
    expect(["related", "new"]).toContain(plans.verdict);
    // A repeated word pairs with its own counterpart, so the swapped phrase is still seen.
    const repeated = scorePair(
      "Alice suggested merging the support roadmap into the main roadmap.",
      "Alice suggested merging the metrics API into the main roadmap.",
    );
    expect(repeated.verdict).not.toBe("duplicate");
    expect(repeated.reason).toContain("'support roadmap' → 'metrics API'");
    // Rewordings of other shapes are how paraphrases go (STS-B): one word for two is no different thing.
    for (const [a, b] of [
      ["A line of scooters are parked in the street.", "A line of motor bikes are parked in the street."],
      ["A woman is climbing a cliff.", "A woman is climbing a rock face."],
      ["A baby panda goes down a slide.", "A panda slides down a slide."],
    ] as const) {
      expect(scorePair(a, b).differences.filter((d) => d.kind === "thing")).toEqual([]);
    }
  });

  it("never merges a different action or doer and done-to swapped, but merges a passive", () => {
    const action = scorePair("Three kids are sitting in the leaves.", "Three kids are jumping in the leaves.");
    expect(action).toMatchObject({ verdict: "related", reason: "Different action: 'sitting' → 'jumping'" });
    const roles = scorePair("The woman is picking up the kangaroo.", "The kangaroo is picking up the woman.");
    expect(roles).toMatchObject({
      verdict: "related",
      reason: "Roles swapped: 'woman … kangaroo' → 'kangaroo … woman'",
    });
    expect(scorePair("A girl is playing a flute.", "A flute is being played by a girl.").differences).toEqual([]);
  });

  it("still merges synonyms and other forms of the same words", () => {
    expect(scorePair("A man is slicing tofu.", "A man is cutting tofu.").verdict).toBe("duplicate");
    expect(scorePair("A man is playing a guitar.", "A man plays the guitar.").verdict).toBe("duplicate");
    expect(
      scorePair("The team moved the meeting to the large room.", "The team moved the meeting to the big room.").verdict,
    ).toBe("duplicate");
  });

  it("counts a synonym as a shared word", () => {
    const a = "The car is fast.";
    const b = "The automobile is fast.";
    expect(scorePair(a, b).score).toBeGreaterThan(scorePair(a, b, { wordnet: null }).score);
  });

  it("reads an ordinary noun opening the sentence as no name, but a name as one", () => {
    const common = scorePair("Customers prefer the dark theme.", "Users prefer the dark theme.");
    expect(common.differences.some((d) => d.kind === "name")).toBe(false);
    expect(common.verdict).toBe("duplicate");
    const name = scorePair("John rated the identity queue 4 out of 5", "Customers rated the identity queue 4 out of 5");
    expect(name.verdict).not.toBe("duplicate");
    expect(name.reason).toContain("John");
  });
});

describe("thresholds", () => {
  it("has defaults and rejects an inverted pair", () => {
    const t = ThresholdsSchema.parse({});
    expect(t.related).toBeLessThan(t.duplicate);
    expect(ThresholdsSchema.safeParse({ duplicate: 0.4, related: 0.6 }).success).toBe(false);
    expect(ThresholdsSchema.safeParse({ duplicate: 1.5 }).success).toBe(false);
  });

  it("changes verdicts when the caller moves them", () => {
    const a = "Offline mode ships by end of Q3";
    const b = "offline mode will ship by the end of Q3";
    expect(scorePair(a, b, { thresholds: { duplicate: 0.99, related: 0.5 } }).verdict).toBe("related");
  });
});

describe("matchCandidate", () => {
  const facts = [
    { id: "f1", content: "Offline mode ships by end of Q3" },
    { id: "f2", content: "Offline mode ships by end of Q4" },
    { id: "f3", content: "The mobile app supports offline mode" },
    { id: "f4", content: "Melanie has two younger sisters" },
    { id: "f5", content: "The office coffee machine is broken" },
    ...Array.from({ length: 10 }, (_, i) => ({
      id: `g${i}`,
      content: `Offline mode ships to ${i + 10} pilot customers`,
    })),
  ];

  it("ranks the duplicate first, lists the contradiction, leaves unrelated facts out and caps at 5", async () => {
    const r = await matchCandidate({ candidate: { content: "offline mode will ship by the end of Q3" }, facts });
    expect(r.verdict).toBe("duplicate");
    expect(r.matches[0]).toMatchObject({ factId: "f1", verdict: "duplicate" });
    expect(r.matches.some((m) => m.factId === "f2" && m.verdict === "contradicts")).toBe(true);
    expect(r.matches.some((m) => m.factId === "f5")).toBe(false);
    expect(r.matches.length).toBeLessThanOrEqual(5);
  });

  it("returns new with no matches when nothing is close, and checks pending candidates", async () => {
    const none = await matchCandidate({ candidate: { content: "Quarterly revenue grew strongly in Europe" }, facts });
    expect(none).toEqual({ verdict: "new", stage: "lexical", matches: [] });
    const pending = await matchCandidate({
      candidate: { content: "Melanie has two younger sisters" },
      facts: [],
      pendingCandidates: [{ id: "c9", content: "Melanie has two younger sisters" }],
    });
    expect(pending.matches[0]).toMatchObject({ candidateId: "c9", verdict: "duplicate", stage: "hash" });
  });

  it("uses an embedder only for pairs the lexical stage left open and never over a guard", async () => {
    const seen: string[][] = [];
    const embed = async (values: string[]) => {
      seen.push(values);
      return { embeddings: values.map(() => [1, 0, 0]) };
    };
    const r = await matchCandidate({
      candidate: { content: "Quarterly sales rose sharply" },
      facts: [
        { id: "a", content: "Revenue went up a lot each quarter" },
        { id: "b", content: "Quarterly sales rose sharply in 2024" },
      ],
      embed,
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toContain("Quarterly sales rose sharply in 2024");
    expect(r.matches.find((m) => m.factId === "a")).toMatchObject({ verdict: "duplicate", stage: "embedding" });
    expect(r.matches.find((m) => m.factId === "b")?.stage).not.toBe("embedding");
  });

  it("asks the judge only about the ambiguous band", async () => {
    // A band just around this pair's score: only it is asked about.
    const { score } = scorePair("offline mode will ship by the end of Q3", "Offline mode ships by end of Q3");
    const band = { ambiguousLow: score - 0.005, ambiguousHigh: Math.min(1, score + 0.005) };
    const asked: string[] = [];
    const judge = async (_a: string, b: string) => {
      asked.push(b);
      return { verdict: "related" as const, reason: "judge says related" };
    };
    const r = await matchCandidate({
      candidate: { content: "offline mode will ship by the end of Q3" },
      facts,
      thresholds: band,
      judge,
    });
    expect(asked).toEqual(["Offline mode ships by end of Q3"]);
    expect(r.matches.find((m) => m.factId === "f1")).toMatchObject({
      stage: "llm",
      verdict: "related",
      reason: "judge says related",
    });
  });

  it("never lets the judge overrule a guard, and keeps the lexical verdict when the judge cannot answer", async () => {
    const { score } = scorePair("offline mode will ship by the end of Q3", "Offline mode ships by end of Q3");
    const band = { ambiguousLow: score - 0.005, ambiguousHigh: Math.min(1, score + 0.005) };
    const asked: string[] = [];
    const merging = async (_a: string, b: string) => {
      asked.push(b);
      return { verdict: "duplicate" as const, reason: "judge says the same" };
    };
    const wide = { ambiguousLow: 0, ambiguousHigh: 0.99 };
    const guarded = await matchCandidate({
      candidate: { content: "Offline mode ships by end of Q4" },
      facts,
      thresholds: wide,
      judge: merging,
    });
    expect(asked).not.toContain("Offline mode ships by end of Q3");
    expect(guarded.matches.find((m) => m.factId === "f1")).toMatchObject({ verdict: "contradicts", stage: "lexical" });

    const silent = async () => null;
    const kept = await matchCandidate({
      candidate: { content: "offline mode will ship by the end of Q3" },
      facts,
      thresholds: band,
      judge: silent,
    });
    const plain = await matchCandidate({
      candidate: { content: "offline mode will ship by the end of Q3" },
      facts,
      thresholds: band,
    });
    const match = kept.matches.find((m) => m.factId === "f1");
    expect(match).toMatchObject({ verdict: plain.matches.find((m) => m.factId === "f1")?.verdict, stage: "lexical" });
    expect(match?.reason).toContain("the LLM judge could not answer");
  });
});
