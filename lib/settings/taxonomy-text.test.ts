import { describe, expect, it } from "vitest";
import { formatTaxonomyText, parseTaxonomyText } from "@/lib/settings/taxonomy-text";

describe("custom taxonomy text", () => {
  it("reads one kind a line and round-trips", () => {
    const parsed = parseTaxonomyText(
      "risk: Something that could make the project fail\n\nOpen question: A question nobody answered yet\n",
    );
    expect(parsed).toEqual({
      ok: true,
      kinds: [
        { id: "risk", label: "Risk", definition: "Something that could make the project fail" },
        { id: "open_question", label: "Open question", definition: "A question nobody answered yet" },
      ],
    });
    if (parsed.ok) expect(parseTaxonomyText(formatTaxonomyText(parsed.kinds))).toEqual(parsed);
  });

  it("says which line or kind is wrong", () => {
    expect(parseTaxonomyText("risk - no colon")).toEqual({ ok: false, error: 'Line 1: write it as "id: definition"' });
    const dup = parseTaxonomyText("risk: One thing that could fail\nrisk: Another thing that could fail");
    expect(dup.ok).toBe(false);
    if (!dup.ok) expect(dup.error).toMatch(/Duplicate kind id "risk"/);
    const bad = parseTaxonomyText("9lives: Starts with a digit");
    expect(bad.ok).toBe(false);
    expect(parseTaxonomyText("").ok).toBe(false);
  });
});
