import { describe, expect, it } from "vitest";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { extractScored } from "@/lib/extraction/offline";
import { cleanSpoken } from "@/lib/extraction/offline/clean";
import type { Segment } from "@/lib/sources/schema";
import { extractTurns } from "@/tests/extract-turns";
import { transcriptOf } from "@/tests/transcript";

const run = (turns: [string, string][]) => extractTurns(turns);
const one = (facts: ReturnType<typeof run>, re: RegExp) => facts.find((f) => re.test(f.content));

describe("a decision stated across turns cut by backchannels", () => {
  it("keeps the whole clause, object included, quoted verbatim over the interruption", () => {
    const facts = run([
      ["Maya", "Okay, so we're going with the aluminium frame, the larger battery"],
      ["Tom", "Right."],
      ["Maya", "and a matte finish on the back panel."],
    ]);
    const decision = one(facts, /aluminium frame/);
    expect(decision).toMatchObject({ kind: "decision", speaker: "Maya" });
    expect(decision!.content).toMatch(
      /^The team is going with the aluminium frame, the larger battery and a matte finish/,
    );
    expect(decision!.features.strong).toBe(true);
    expect(decision!.quote).toContain("Tom: Right.");
  });

  it("does not join turns that each end a sentence, or a reply that is more than a backchannel", () => {
    const ended = run([
      ["Maya", "We're going with the aluminium frame."],
      ["Tom", "Right."],
      ["Maya", "and the budget must stay under nine thousand euros."],
    ]);
    expect(one(ended, /aluminium frame/)!.content).toBe("The team is going with the aluminium frame.");
    const answered = run([
      ["Maya", "We're going with the aluminium frame, the larger battery"],
      ["Tom", "The supplier quoted twelve euros per frame"],
      ["Maya", "and a matte finish on the back panel."],
    ]);
    expect(one(answered, /aluminium frame/)!.content).not.toMatch(/matte/);
  });
});

describe("how spoken meetings settle things", () => {
  it.each([
    ["Let's go for the cheaper humidity sensor in the first batch.", /cheaper humidity sensor/],
    ["So we're going for a two-week trial with the night shift.", /two-week trial/],
    ["I think we're all in agreement on the quarterly review cycle.", /quarterly review cycle/],
  ])("%s is a decision with an explicit cue", (said, re) => {
    const fact = one(run([["Ines", said]]), re);
    expect(fact).toMatchObject({ kind: "decision" });
    expect(fact!.features.strong).toBe(true);
  });

  it.each([
    ["a hypothetical", "If we go for the cheaper humidity sensor, the casing needs two vents."],
    ["a question written without its mark", "Have we confirmed that we're going for the cheaper humidity sensor."],
    ["an open choice", "We don't know yet which humidity sensor we're going with."],
  ])("%s is no decision the meeting took", (_, said) => {
    const fact = one(run([["Ines", said]]), /sensor/);
    expect(fact?.kind === "decision" && fact.features.strong).toBe(false);
  });

  it("the team's settled future is a commitment; how the meeting goes on is not", () => {
    const facts = run([
      ["Rosa", "We'll publish the revised guidance for primary schools in September."],
      ["Rosa", "We'll see how the pilot schools respond over the autumn term."],
    ]);
    expect(one(facts, /revised guidance/)).toMatchObject({ kind: "action_item" });
    expect(one(facts, /revised guidance/)!.features.strong).toBe(true);
    const goesOn = one(facts, /pilot schools/);
    expect(goesOn?.kind === "action_item" && goesOn.features.strong).toBe(false);
  });

  it("a duty placed on someone is a constraint", () => {
    const fact = one(
      run([["Rosa", "There will be a responsibility upon each council to publish its waiting list figures."]]),
      /council/,
    );
    expect(fact).toMatchObject({ kind: "constraint" });
    expect(fact!.features.strong).toBe(true);
  });
});

describe("a proposal agreed over the next turns", () => {
  it("a tentative suggestion settled by an explicit agreement, across an empty turn", () => {
    const facts = run([
      ["Jonas", "Um, I think we could reuse the old test rig for the pilot run."],
      ["Ada", "{vocalsound}"],
      ["Ada", "Yeah, good idea."],
    ]);
    expect(facts.filter((f) => f.kind === "decision").map((f) => f.content)).toContain(
      "The team agreed to reuse the old test rig for the pilot run.",
    );
  });

  it("an agreement about the agenda is no decision", () => {
    const facts = run([
      ["Jonas", "Should we talk about the casing colours after the break?"],
      ["Ada", "Yes, sounds good."],
    ]);
    expect(facts.filter((f) => /agreed/.test(f.content))).toEqual([]);
  });

  it("not by a bare 'yeah', nor when the proposer goes on first", () => {
    const bare = run([
      ["Jonas", "We could reuse the old test rig for the pilot run."],
      ["Ada", "Yeah."],
    ]);
    const goesOn = run([
      ["Jonas", "Should we reuse the old test rig for the pilot run?"],
      ["Jonas", "It failed calibration twice last spring."],
      ["Ada", "Yes."],
    ]);
    for (const facts of [bare, goesOn]) expect(facts.filter((f) => /agreed/.test(f.content))).toEqual([]);
  });

  it("a statement someone explicitly agrees with carries that agreement as its cue", () => {
    const said: [string, string] = ["Jonas", "The north wing still has twelve sensors on the old firmware."];
    const alone = one(run([said]), /north wing/);
    const agreed = one(run([said, ["Ada", "Exactly, good point."]]), /north wing/);
    expect(alone!.features.strong).toBe(false);
    expect(agreed!.features.strong).toBe(true);
  });
});

describe("spoken lead-ins and restarts", () => {
  const cleaned = (s: string) => cleanSpoken(s).text.replace(/\s+/g, " ").trim();
  it.each([
    ["I mean we could use rubber for the grip.", "we could use rubber for the grip."],
    ["that's what I mean by it", "that's what I mean by it"],
    ["we we're going with steel", "we're going with steel"],
    ["it would be a mm-mm, nor the case", "it would be a nor the case"],
    ["What I would say is that the review stays independent.", "the review stays independent."],
    ["The one thing is, she's only got four years.", "she's only got four years."],
    ["So the catch is that the vendor needs a PO.", "So the vendor needs a PO."],
    ["One thing is the lab closes at six.", "the lab closes at six."],
    ["I have to flag, we can't do L6 off this loop.", "we can't do L6 off this loop."],
    ["And I should say, I entered my scorecard late.", "And I entered my scorecard late."],
    ["Oh, and I should say, I entered my scorecard late.", "Oh, and I entered my scorecard late."],
    // Not a lead-in: "thing" is what the sentence is about; what someone must say is a task.
    ["I have to say thanks to the vendor in person.", "I have to say thanks to the vendor in person."],
    ["The thing on the left is broken.", "The thing on the left is broken."],
  ])("%s", (said, expected) => {
    expect(cleaned(said)).toBe(expected);
    expect(cleanSpoken(said).text).toHaveLength(said.length);
  });

  it("keeps a turn that is not at its offsets on its own", () => {
    const src = transcriptOf([
      ["Maya", "We're going with the aluminium frame, the larger battery"],
      ["Tom", "Right."],
      ["Maya", "and a matte finish on the back panel."],
    ]);
    const shifted: Segment[] = src.segments.map((s, i) => (i === 2 ? { ...s, start: s.start + 1 } : s));
    const input = { text: src.text, segments: shifted, kinds: getPresetKinds("meeting") };
    const facts = extractScored(input, { index: 0, start: 0, end: src.text.length, segments: shifted });
    expect(one(facts, /aluminium frame/)!.content).not.toMatch(/matte/);
  });
});
