import { describe, expect, it } from "vitest";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { createOfflineExtractor, extractCandidates } from "@/lib/extraction/offline";
import { rankOf } from "@/lib/extraction/rank";
import { transcriptOf } from "@/tests/transcript";

function run(lines: [string, string][]) {
  const m = transcriptOf(lines);
  const input = { text: m.text, segments: m.segments, kinds: getPresetKinds("meeting") };
  return extractCandidates(input, { index: 0, start: 0, end: m.text.length, segments: m.segments });
}

const EARLIER = "For EU visitors we show prices including VAT, and excluding VAT for everyone else.";

describe("a statement corrected later in the meeting", () => {
  it("becomes one candidate with the final version, the earlier words shown as superseded inside it", () => {
    const facts = run([
      ["Marcus", EARLIER],
      ["Lin", "The legal team said we cannot store card numbers in Europe."],
      ["Dana", "Actually, let's just show prices excluding VAT for everyone."],
    ]);
    const vat = facts.filter((f) => /VAT/.test(f.content));
    expect(vat.map((f) => f.content)).toEqual(["The team will show prices excluding VAT for everyone."]);
    expect(vat[0]!.notes).toEqual([`Supersedes what was said earlier in this meeting: "${EARLIER}"`]);
    // What the correction is not about stays as it was.
    expect(facts.some((f) => /card numbers/.test(f.content) && !f.notes)).toBe(true);
  });

  it("leaves a later statement on the same subject alone when nothing marks it as a correction", () => {
    const facts = run([
      ["Marcus", EARLIER],
      ["Dana", "We show prices excluding VAT on the invoice page for business customers."],
    ]);
    expect(facts.filter((f) => /VAT/.test(f.content))).toHaveLength(2);
    expect(facts.every((f) => !f.notes)).toBe(true);
  });

  it("does not read news about the same thing as a correction of it", () => {
    const facts = run([
      ["Marcus", "The pricing page lists three tiers for the launch."],
      ["Dana", "We updated the pricing page on Monday."],
    ]);
    expect(facts.some((f) => f.quote === "The pricing page lists three tiers for the launch.")).toBe(true);
    expect(facts.every((f) => !f.notes)).toBe(true);
  });

  it('does not read an "actually" about something else as a correction', () => {
    const facts = run([
      ["Marcus", EARLIER],
      ["Dana", "Actually, the Berlin office moves to the new building on March 3rd."],
    ]);
    expect(facts.map((f) => f.quote)).toContain(EARLIER);
    expect(facts.every((f) => !f.notes)).toBe(true);
  });
});

describe("a closing summary", () => {
  const MEETING: [string, string][] = [
    ["Dana", "The team will launch billing v2 on October 22nd."],
    ["Marcus", "We are not adding SEPA direct debit for the launch."],
    ["Lin", "The code freeze starts on October 15th."],
    [
      "Dana",
      "Okay, let me summarize: we launch billing v2 on October 22nd, and we are not adding SEPA direct debit " +
        "for the launch.",
    ],
  ];

  it("joins the facts it repeats and never replaces them: the originals stay, with their own quotes", () => {
    const facts = run(MEETING);
    const quotes = facts.map((f) => f.quote);
    expect(quotes).toContain("The team will launch billing v2 on October 22nd.");
    expect(quotes).toContain("We are not adding SEPA direct debit for the launch.");
    expect(quotes).toContain("The code freeze starts on October 15th.");
    const summaryTurn = MEETING[3]![1];
    expect(facts.filter((f) => summaryTurn.includes(f.quote))).toEqual([]);
  });

  it("keeps an item the meeting had not said before", () => {
    const facts = run([
      ...MEETING.slice(0, 3),
      ["Dana", "Okay, let me summarize: we launch billing v2 on October 22nd, and Priya owns the status page."],
    ]);
    expect(facts.some((f) => /Priya owns the status page/.test(f.quote))).toBe(true);
  });

  it("counts what it joined, so nothing goes in silence, and leaves the originals' cards as they were", async () => {
    expect(run(MEETING).every((f) => !f.notes)).toBe(true);
    const m = transcriptOf(MEETING);
    const input = { text: m.text, segments: m.segments, kinds: getPresetKinds("meeting") };
    const result = await createOfflineExtractor().extractChunk(input, {
      index: 0,
      start: 0,
      end: m.text.length,
      segments: m.segments,
    });
    expect(result.joined).toBe(1);
  });
});

describe("a closing summary said another way", () => {
  it('is found after "Quick summary." or "let me just summarize", and joins what it repeats', () => {
    for (const opener of ["Okay, let me wrap. Quick summary.", "Okay, let me just summarize for the record."]) {
      const facts = run([
        ["Dana", "The team will launch billing v2 on October 22nd."],
        ["Lin", "The code freeze starts on October 15th."],
        ["Dana", `${opener} We launch billing v2 on October 22nd.`],
      ]);
      expect(facts.map((f) => f.quote)).toEqual([
        "The team will launch billing v2 on October 22nd.",
        "The code freeze starts on October 15th.",
      ]);
    }
  });

  it("keeps a summary line that is partly new, ranked lower than when it repeats nothing", () => {
    const line: [string, string] = [
      "Dana",
      "Quick summary. Housing moves to a PC/ABS blend with a 2.4 millimeter minimum wall.",
    ];
    const said = run([["Marco", "We're moving the housing from straight polycarbonate to a PC/ABS blend."], line]);
    const alone = run([["Marco", "The pilot customers get the new firmware in March."], line]);
    const partly = said.find((f) => /2\.4 millimeter/.test(f.quote));
    const fresh = alone.find((f) => /2\.4 millimeter/.test(f.quote));
    expect(said.some((f) => /straight polycarbonate/.test(f.quote))).toBe(true);
    expect(rankOf(partly!)).toBeLessThan(rankOf(fresh!));
  });
});

describe("words inside a candidate's own quote", () => {
  it("do not supersede it: a request's quote runs over the sentence after it, which corrects nothing", () => {
    const facts = run([
      [
        "Ana",
        "Theo, can you own the revised packing checklist? With the shipping labels, and with the cardboard box change.",
      ],
      ["Theo", "Sure."],
    ]);
    const task = facts.find((f) => /Theo owns the revised packing checklist/.test(f.content));
    expect(task).toBeDefined();
    expect(task!.notes ?? []).toEqual([]);
    expect(facts.every((f) => !(f.notes ?? []).some((n) => /Supersedes/.test(n)))).toBe(true);
  });
});

describe("which summary is the closing one", () => {
  const SAID: [string, string][] = [
    ["Dana", "The team will launch billing v2 on October 22nd."],
    ["Lin", "The code freeze starts on October 15th."],
  ];

  it('is the last announced: an early "quick recap of what we need" does not hide the one at the end', () => {
    const facts = run([
      ["Dana", "Right, quick recap of what we need from this call."],
      ...SAID,
      ["Dana", "Let me recap. We launch billing v2 on October 22nd."],
    ]);
    expect(facts.map((f) => f.quote)).toEqual(SAID.map(([, said]) => said));
  });

  it('is announced by "Summary." as a sentence of its own, but not by a summary someone is asked to write', () => {
    const announced = run([...SAID, ["Dana", "Okay. Summary. We launch billing v2 on October 22nd."]]);
    expect(announced.map((f) => f.quote)).toEqual(SAID.map(([, said]) => said));
    const asked = run([
      ...SAID,
      ["Dana", "Please put the freeze dates in the weekly summary."],
      ["Lin", "We launch billing v2 on October 22nd, after the freeze lifts."],
    ]);
    expect(asked.some((f) => /after the freeze lifts/.test(f.quote))).toBe(true);
  });

  it("runs on through the turns its speaker says on end (a subtitle file's cues), and stops at another speaker", () => {
    const facts = run([
      ...SAID,
      ["Dana", "Okay, let me summarize."],
      ["Dana", "We launch billing v2 on October 22nd."],
      ["Dana", "The code freeze starts on October 15th."],
      ["Lin", "The status page moves to the new domain in November."],
    ]);
    expect(facts.map((f) => f.quote)).toEqual([
      ...SAID.map(([, said]) => said),
      "The status page moves to the new domain in November.",
    ]);
  });
});

describe("--max-facts on the offline extractor", () => {
  it("keeps the best-ranked and counts every one over the cap as refused", async () => {
    const m = transcriptOf([
      ["Dana", "The team will launch billing v2 on October 22nd."],
      ["Marcus", "We are not adding SEPA direct debit for the launch."],
      ["Lin", "The code freeze starts on October 15th."],
    ]);
    const input = { text: m.text, segments: m.segments, kinds: getPresetKinds("meeting") };
    const chunk = { index: 0, start: 0, end: m.text.length, segments: m.segments };
    const all = await createOfflineExtractor().extractChunk(input, chunk);
    const capped = await createOfflineExtractor().extractChunk({ ...input, maxFacts: 1 }, chunk);
    expect(all.facts.length).toBeGreaterThan(1);
    expect(capped.facts).toHaveLength(1);
    expect(capped.refused).toEqual(Array(all.facts.length - 1).fill("over the cap of 1 facts per chunk"));
  });
});
