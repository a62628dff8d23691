import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scorePair } from "./matcher";
import { RELATED, SAME, UNRELATED } from "./reasons";

const read = (name: string) =>
  readFileSync(path.join(import.meta.dirname, "__fixtures__", name), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { a: string; b: string });
// The hand-written contradiction, swap and guard pairs, and pairs written for the wording of reasons.
const pairs = [...read("contradictions.jsonl"), ...read("reason-pairs.jsonl")];

// The fixed set of templates a reason is built from; a reason is one or more of them joined by "; ".
// A quoted phrase may hold an apostrophe ("'Priya's biggest'"), never an arrow or a clause separator.
const PHRASE = "'[^→;]+?'";
const TEMPLATES = [
  new RegExp(
    "^(Different (number|date|name|owner|relative|person|colour|direction|side|amount|modality|thing|action|time)|" +
      `Opposite|Negated|No longer true|Roles swapped): ${PHRASE} → ${PHRASE}$`,
  ),
  new RegExp(`^Adds detail: ${PHRASE}(, ${PHRASE})*$`),
  new RegExp(`^Different (amount|modality): ${PHRASE} on one side only$`),
];
const FIXED = new Set([
  SAME,
  RELATED,
  UNRELATED,
  "Same text",
  "Same words after normalizing case, punctuation and spacing",
]);

describe("reasons shown to a reviewer", () => {
  it("has more than 50 pairs to pin", () => {
    expect(pairs.length).toBeGreaterThan(50);
  });

  it("builds every reason from the fixed templates, with short quoted phrases and no context fragments", () => {
    for (const { a, b } of pairs) {
      const { reason } = scorePair(a, b);
      for (const clause of reason.split("; ")) {
        const ok = FIXED.has(clause) || TEMPLATES.some((t) => t.test(clause));
        expect(ok, `${clause}  (${a} | ${b})`).toBe(true);
        for (const quoted of clause.split(/: | → |, /).slice(1))
          expect(quoted.split(" ").length).toBeLessThanOrEqual(8);
      }
      expect(reason).not.toMatch(/ vs |no number|no date|no name|''/);
    }
  });

  it("names the two values in the words of the statements", () => {
    const reason = (a: string, b: string) => scorePair(a, b).reason;
    expect(reason("We will ship offline mode by the end of Q3.", "We will ship offline mode by the end of Q4.")).toBe(
      "Different date: 'end of Q3' → 'end of Q4'",
    );
    expect(reason("Lin owns the data migration.", "Marcus owns the data migration.")).toBe(
      "Different owner: 'Lin' → 'Marcus'",
    );
    expect(reason("We will ship offline mode.", "We will not ship offline mode.")).toBe(
      "Negated: 'will ship offline mode' → 'will not ship offline mode'",
    );
    expect(reason("Every customer can export their data.", "Most customers can export their data.")).toBe(
      "Different amount: 'Every customer' → 'Most customers'",
    );
    expect(reason("Lin is the team lead.", "Lin was formerly the team lead.")).toBe(
      "No longer true: 'is the team lead' → 'was formerly the team lead'",
    );
    expect(reason("Offline mode ships.", "Offline mode ships by Friday.")).toBe("Adds detail: 'by Friday'");
    expect(reason("The team has five engineers.", "The team has seven engineers.")).toBe(
      "Different number: 'five engineers' → 'seven engineers'",
    );
    expect(reason("Offline mode ships by end of Q3", "offline mode will ship by the end of Q3")).toBe(SAME);
  });

  it("reads a value written two ways as one value", () => {
    for (const [a, b] of [
      ["The deal is worth 1.5 billion dollars.", "The deal is worth $1.5bn."],
      ["The vote is on Sept. 8.", "The vote is on September 8th."],
      ["Ozone reached .20 parts per million in Falluja.", "Ozone reached 0.20 parts per million in Al-Fallujah."],
      ["The U.S. delegation left on Monday.", "The American delegation left on Monday."],
    ] as const) {
      expect(scorePair(a, b).differences).toEqual([]);
    }
    const un = scorePair("The UN approved the plan.", "The United Nations approved the plan.");
    expect(un.differences).toEqual([]);
  });

  it("keeps the wording of every pinned pair", () => {
    const shown = pairs.map(({ a, b }) => {
      const r = scorePair(a, b);
      return `${a} | ${b} => ${r.verdict}: ${r.reason}`;
    });
    expect(shown).toMatchSnapshot();
  });
});
