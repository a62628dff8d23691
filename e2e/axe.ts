import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** axe-core on the page as it is now: its serious and critical violations, one line each (none is the goal). */
export async function violations(page: Page): Promise<string[]> {
  // A toast fading in or out is half transparent, and its timer may start the fade between any wait and axe's run
  // (CI caught one at contrast 2.38). With reduced motion (which Sonner and our styles honour) a toast is either
  // fully shown, and judged, or gone; the wait covers any other transition still running.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => {
      const nodes = v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 120)} ${n.failureSummary ?? ""}`);
      return `${v.id} (${v.impact}): ${v.help} — ${nodes.join(", ")}`;
    });
}
