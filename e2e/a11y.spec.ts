import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

// axe-core over the pages reviewers live in, with real content in them: no serious or critical violation.
async function violations(page: Page) {
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

test("the review queue, a source view and the dashboard have no serious or critical accessibility violation", async ({
  page,
}) => {
  const stamp = Date.now();
  await page.goto("/ingest");
  await page.getByLabel("Title").fill(`Access ${stamp}`);
  await page
    .getByLabel("Transcript")
    .fill(
      [
        `Priya: We decided to hold the ${stamp} offsite in Porto.`,
        `Marcus: The ${stamp} offsite budget is 12,000 euros.`,
        `Lena: The ${stamp} offsite budget is 15,000 euros.`,
      ].join("\n"),
    );
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");
  const sourceLink = page.getByRole("link", { name: /Review \d+ candidates/ });
  await sourceLink.click();
  await expect(page.getByTestId("candidate").first()).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByTestId("candidate").first().getByRole("link", { name: "Open in the source" }).click();
  await expect(page.getByRole("region", { name: "Transcript" })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // The dashboard with a decision in it: counts, the approval-rate bars and the backlog chart.
  await page.goto(`/review?q=${stamp}`);
  await page.getByTestId("candidate").first().getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Approved — added to Facts" })).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("table", { name: /By extractor/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Open candidates per day/ })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
