import { describe, expect, it } from "vitest";
import examples from "./__fixtures__/gitleaks-examples.json";
import gitleaks from "./gitleaks-rules.json";
import { findSecrets } from "./detect";

// gitleaks' own literal examples (true and false positives of each rule's Go definition), as ported by
// scripts/port-gitleaks-rules.ts: 294 true and 320 false positives over 217 rules, all reproduced.

const byRule = examples as Record<string, { tps: string[]; fps: string[] }>;

describe("gitleaks' rules as ported", () => {
  it("ports every rule with a pattern", () => {
    expect(gitleaks.rules.length).toBeGreaterThan(200);
    expect(gitleaks.skipped.every((s) => s.endsWith("(file type only)"))).toBe(true);
  });

  for (const rule of gitleaks.rules) {
    const cases = byRule[rule.id];
    if (!cases) continue;
    it(`${rule.id}: finds its true positives, not its false positives`, () => {
      for (const tp of cases.tps) expect(findSecrets(tp).length, tp).toBeGreaterThan(0);
      for (const fp of cases.fps) {
        expect(
          findSecrets(fp).filter((f) => f.kind === rule.id),
          fp,
        ).toEqual([]);
      }
    });
  }
});
