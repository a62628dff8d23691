import { describe, expect, it } from "vitest";
import { importanceOf } from "@/lib/extraction/offline/importance";
import { fitImportance, type ImportanceRow } from "@/scripts/lib/fit-importance";
import { evidenceWith } from "@/tests/evidence";

const evidence = (value: number) => evidenceWith({ value });

// Context lines with a value carry a fact 60 % of the time, without one 15 %; decisions 70 %, all at
// confidence 0.8: confidence × importance should come out near those rates.
function rows(): ImportanceRow[] {
  const out: ImportanceRow[] = [];
  const add = (kind: string, value: number, positives: number, of: number) => {
    for (let i = 0; i < of; i++)
      out.push({ kind, cueImportance: 0.5, evidence: evidence(value), confidence: 0.8, positive: i < positives });
  };
  add("context", 1, 12, 20);
  add("context", 0, 6, 40);
  add("decision", 0, 14, 20);
  return out;
}

describe("fitImportance", () => {
  it("learns that a value matters and calibrates confidence × importance to what carries a fact", () => {
    const model = fitImportance(rows(), { l2: 0.1 });
    expect(model.weights.value).toBeGreaterThan(0);
    const rate = (kind: string, value: number) => 0.8 * importanceOf(kind, 0.5, evidence(value), model);
    expect(rate("context", 1)).toBeCloseTo(0.6, 1);
    expect(rate("context", 0)).toBeCloseTo(0.15, 1);
    expect(rate("decision", 0)).toBeCloseTo(0.7, 1);
  });

  it("is deterministic", () => {
    expect(fitImportance(rows())).toEqual(fitImportance(rows()));
  });
});
