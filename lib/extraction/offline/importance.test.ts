import { describe, expect, it } from "vitest";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { extractCandidates } from "@/lib/extraction/offline";
import { evidenceOf } from "@/lib/extraction/offline/evidence";
import { importanceOf, type ImportanceModel } from "@/lib/extraction/offline/importance";
import { rankOf } from "@/lib/extraction/rank";
import { evidenceWith } from "@/tests/evidence";
import { transcriptOf } from "@/tests/transcript";

// A reviewer opens a meeting's queue on its top: among facts of one kind, the one that says who does what by
// when, or what it costs, must come before a vague remark of that kind (importance spread within a kind).

function run(lines: [string, string][]) {
  const m = transcriptOf(lines);
  const input = { text: m.text, segments: m.segments, kinds: getPresetKinds("meeting") };
  // No floor, so the vague remark is there to compare with.
  const tuning = { perTurnUncued: 2, minInformativeness: 3, smallTalkMin: 1, rankFloor: 0 };
  return extractCandidates(input, { index: 0, start: 0, end: m.text.length, segments: m.segments }, tuning);
}
const find = (cs: ReturnType<typeof run>, re: RegExp) => {
  const c = cs.find((x) => re.test(x.content));
  if (!c) throw new Error(`no candidate matches ${re}: ${cs.map((x) => x.content).join(" | ")}`);
  return c;
};

describe("importance at a work meeting", () => {
  it("ranks an owner's dated task above a vague task of the same kind", () => {
    const cs = run([
      ["Lena", "Marcus will look at the partner stuff."],
      ["Dev", "Marcus will email the partners by Friday, October 18th."],
    ]);
    const dated = find(cs, /email the partners/);
    const vague = find(cs, /partner stuff/);
    expect(dated.kind).toBe(vague.kind);
    expect(dated.importance).toBeGreaterThan(vague.importance);
    expect(rankOf(dated)).toBeGreaterThan(rankOf(vague));
  });

  it("spreads importance within a kind: an amount and a date matter more than a remark", () => {
    const cs = run([
      ["Dev", "The tooling vendor has a nice office downtown."],
      ["Lena", "The tooling for the blend costs $58,000 and arrives on October 22nd."],
    ]);
    const priced = find(cs, /\$58,000/);
    const remark = find(cs, /nice office/);
    expect(priced.kind).toBe(remark.kind);
    expect(priced.importance - remark.importance).toBeGreaterThan(0.2);
    expect(rankOf(priced)).toBeGreaterThan(rankOf(remark));
  });

  it("is deterministic: the same text gives the same importance and order", () => {
    const lines: [string, string][] = [
      ["Lena", "We are not adding SEPA direct debit for the launch."],
      ["Dev", "The tooling for the blend costs $58,000 and arrives on October 22nd."],
      ["Lin", "Marcus will email the partners by Friday."],
    ];
    const view = (cs: ReturnType<typeof run>) => cs.map((c) => [c.content, c.importance, rankOf(c)]);
    expect(view(run(lines))).toEqual(view(run(lines)));
  });

  it("leaves importance to the cue where no work is discussed (agent memory, chat)", () => {
    const m = transcriptOf([["Ana", "I am allergic to peanuts and my daughter's birthday is on May 3rd."]]);
    const input = { text: m.text, segments: m.segments, kinds: getPresetKinds("personal") };
    const cs = extractCandidates(input, { index: 0, start: 0, end: m.text.length, segments: m.segments });
    expect(cs.length).toBeGreaterThan(0);
    for (const c of cs) expect(c.importance).toBe(c.scoredFrom?.cueImportance);
  });
});

const none = evidenceWith();

describe("importanceOf", () => {
  const neutral: ImportanceModel = {
    bias: 0,
    kinds: {},
    cue: 1,
    weights: { value: 0, dated: 0, negation: 0, repeats: 0, corrected: 0 },
  };
  it("is the cue's importance under a model that weighs nothing else", () => {
    for (const p of [0.2, 0.45, 0.8]) expect(importanceOf("context", p, none, neutral)).toBe(p);
  });
  it("calibrates per kind: a kind's own weight moves only that kind", () => {
    const model = { ...neutral, kinds: { context: 1 } };
    expect(importanceOf("context", 0.4, none, model)).toBeGreaterThan(0.4);
    expect(importanceOf("decision", 0.4, none, model)).toBe(0.4);
  });
});

describe("evidenceOf", () => {
  const at = (quote: string, others: string[] = []) => {
    const cs = [quote, ...others].map((q, i) => ({ content: q, quote: q, start: i * 100 }));
    return evidenceOf(cs, new Set(["marcus"]), { start: 0, end: 100 * cs.length })[0]!;
  };
  it("reads values, dates, deadlines and negations from the speaker's words", () => {
    expect(at("The price is $49 per seat.")).toMatchObject({ value: 1, dated: 0 });
    expect(at("Launch is October 22nd.")).toMatchObject({ dated: 1 });
    expect(at("Send the draft by Friday.")).toMatchObject({ dated: 1, due: 1 });
    expect(at("We are not adding SEPA for the launch.")).toMatchObject({ negation: 1, team: 1 });
    expect(at("The vendor has a nice office.")).toMatchObject({ value: 0, dated: 0, negation: 0, due: 0 });
  });
  it("counts what the meeting came back to, and a correction's note", () => {
    const said = "The launch date moves to the Kestrel sensor window.";
    expect(at(said, ["Remember the launch date moves with the Kestrel sensor.", "Coffee is broken."]).repeats).toBe(
      1 / 3,
    );
    expect(at(said, ["Coffee is broken."]).repeats).toBe(0);
    const corrected = evidenceOf(
      [{ content: said, quote: said, start: 0, notes: ["Supersedes what was said earlier in this meeting: …"] }],
      new Set(),
      { start: 0, end: 10 },
    )[0]!;
    expect(corrected.corrected).toBe(1);
  });
});
