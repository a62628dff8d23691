import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** axe-core on the page as it is now: its serious and critical violations, one line each (none is the goal). */
export async function violations(page: Page): Promise<string[]> {
  // A toast fading in is half transparent: its colours are only judged once every transition has ended.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => {
      const nodes = v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 120)} ${n.failureSummary ?? ""}`);
      return `${v.id} (${v.impact}): ${v.help} — ${nodes.join(", ")}`;
    });
}
