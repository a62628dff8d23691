import { describe, expect, it } from "vitest";
import { extractCandidates } from "@/lib/extraction/offline";
import { splitCompound } from "@/lib/extraction/offline/compound";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { analyse } from "@/lib/extraction/offline/nlp";
import { parseSource } from "@/lib/sources/parse";

function facts(transcript: string) {
  const src = parseSource({ filename: "m.txt", bytes: Buffer.from(transcript), maxBytes: 1e6 });
  const input = { text: src.text, segments: src.segments, kinds: getPresetKinds("meeting") };
  return extractCandidates(input, { index: 0, start: 0, end: src.text.length, segments: src.segments });
}

const parts = (sentence: string) => splitCompound(analyse(sentence)[0]!.toks);

describe("a compound of one owner's tasks", () => {
  it("splits two tasks of one owner, each with its own object, both the owner's action items", () => {
    const found = facts("Ann: Raj calls Sam today and sends Dana the brief by Tuesday.\n");
    expect(found.map((c) => c.content)).toEqual(["Raj calls Sam today.", "Raj sends Dana the brief by Tuesday."]);
    expect(found.map((c) => c.kind)).toEqual(["action_item", "action_item"]);
  });

  it("becomes one candidate per task, each with the owner and its own date, quoting its own words", () => {
    const said =
      "Marcus emails partners by Friday, drafts the migration email by Monday, and the blog post by October 18th.";
    const text = `Dana: ${said}\n`;
    const found = facts(text);
    expect(found.map((c) => c.content)).toEqual([
      "Marcus emails partners by Friday.",
      "Marcus drafts the migration email by Monday.",
      "Marcus drafts the blog post by October 18th.",
    ]);
    expect(found.map((c) => c.quote)).toEqual([
      "Marcus emails partners by Friday",
      "drafts the migration email by Monday",
      "the blog post by October 18th.",
    ]);
    for (const c of found) expect(text.slice(c.start!, c.end!)).toBe(c.quote);
    expect(found.every((c) => c.kind === found[0]!.kind)).toBe(true);
  });

  it("gives every task the modal the first one opens with", () => {
    const said =
      "I'll email partners by Friday, draft the migration email by Monday, and the blog post by October 18th.";
    const found = facts(`Marcus: ${said}\n`);
    expect(found.map((c) => c.content)).toEqual([
      "Marcus will email partners by Friday.",
      "Marcus will draft the migration email by Monday.",
      "Marcus will draft the blog post by October 18th.",
    ]);
    const must = facts("Ann: Raj must send the contract by Monday and the invoice by Friday.\n");
    expect(must.map((c) => c.content)).toEqual([
      "Raj must send the contract by Monday.",
      "Raj must send the invoice by Friday.",
    ]);
  });

  it.each([
    ["Priya ships the build by Thursday and the release notes by next Monday.", 2],
    ["We freeze the schema on June 3rd, migrate the billing tables on June 10th.", 2],
    ["Lin drafts the survey by Tuesday, sends the invitations by Wednesday, and closes the poll by Friday.", 3],
  ])("splits %j into %i tasks", (sentence, n) => {
    expect(parts(sentence)).toHaveLength(n);
  });

  it.each([
    "We buy salt and pepper for the office kitchen by Friday.",
    "The Q3 and Q4 revenue targets are set at two million.",
    "We test the build on Monday and Friday.",
    "Priya reviewed the contract, the pricing and the SLA with the customer.",
    "Marcus and Lin meet the auditors on Tuesday.",
    "Between Monday and Friday the team runs the load tests on staging.",
  ])("keeps %j whole", (sentence) => {
    expect(parts(sentence)).toBeNull();
  });
});
