import { describe, expect, it } from "vitest";
import { extractTurns } from "@/tests/extract-turns";

const run = (turns: [string, string][]) => extractTurns(turns);
const one = (facts: ReturnType<typeof run>, re: RegExp) => facts.find((f) => re.test(f.content));

describe("a course the team now keeps to, said in the progressive", () => {
  it.each([
    ["Okay, so we're keeping the steel hinge.", /steel hinge/],
    ["We're dropping the nightly export.", /nightly export/],
    ["We're moving the standup to the afternoon slot.", /standup/],
    ["We're not renewing the print contract.", /print contract/],
    ["We decline the second vendor bid.", /vendor bid/],
  ])("%s is a decision with an explicit cue", (said, re) => {
    const fact = one(run([["Noor", said]]), re);
    expect(fact).toMatchObject({ kind: "decision" });
    expect(fact!.features.strong).toBe(true);
  });

  it("keeping an eye on something is no decision", () => {
    const fact = one(run([["Noor", "We're keeping an eye on the error budget this week."]]), /error budget/);
    expect(fact?.kind).not.toBe("decision");
  });
});

describe('"I\'d rather …"', () => {
  it.each([
    "I'd rather we ship the blue casing first and the green one in spring.",
    "We would rather pay the courier fee than miss the trade fair.",
    "I'd much rather keep the Tuesday review with the whole design group.",
  ])("%s is a preference with an explicit cue", (said) => {
    const fact = run([["Noor", said]])[0];
    expect(fact).toMatchObject({ kind: "preference", quote: said });
    expect(fact!.features.strong).toBe(true);
  });

  it("a stronger cue in the same clause still wins: a constraint stays a constraint", () => {
    const fact = run([["Noor", "I'd rather tell the board now, since we can't hit the March date."]])[0];
    expect(fact?.kind).toBe("constraint");
  });
});

describe('"going to be"', () => {
  it.each([
    "The spring quarter is going to be busy with the warehouse move.",
    "The launch party was going to be in the old print hall.",
    "The new rota is gonna be tight for the night nurses.",
  ])("%s is a forecast or a plan that was, not a task", (said) => {
    const fact = run([["Noor", said]])[0];
    expect(fact?.kind).not.toBe("action_item");
  });

  it("someone going to do something is still a task", () => {
    const fact = run([["Noor", "Paolo is going to migrate the payroll export in May."]])[0];
    expect(fact?.kind).toBe("action_item");
  });
});

describe("a norm the team keeps or is asked to keep", () => {
  it.each([
    "Please don't forward the draft slides outside the design group.",
    "We never ship a release on a Friday afternoon.",
    "We do not quote delivery dates before the warehouse confirms stock.",
  ])("%s is a constraint with an explicit cue", (said) => {
    const fact = run([["Noor", said]])[0];
    expect(fact).toMatchObject({ kind: "constraint", quote: said });
    expect(fact!.features.strong).toBe(true);
  });

  it("not knowing, not having or not needing something is no norm", () => {
    for (const said of ["We don't know the delivery dates for the March batch.", "We don't need the spare crates."]) {
      expect(run([["Noor", said]]).find((f) => f.kind === "constraint")).toBeUndefined();
    }
  });
});
