import { expect, type Page, test } from "@playwright/test";

// The home page's dashboard follows the reviewer's decisions: counts by status, the approval rate overall and
// by extractor, and the run that produced the candidates. Other specs share the server's database, so the
// numbers are read before and compared after.

const digits = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, "") || "0");

async function readDashboard(page: Page) {
  const candidates = page.getByRole("list", { name: "Candidates by status" });
  // A database without sources shows the first-run steps instead of counts: everything is zero then.
  if (!(await candidates.isVisible())) {
    return { approved: 0, merged: 0, rejected: 0, accepted: 0, decided: 0, overall: [0, 0] };
  }
  const status = (name: string) => candidates.getByRole("listitem").filter({ hasText: name }).textContent();
  const offline = page
    .getByRole("table", { name: /By extractor/ })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "offline", exact: true }) });
  const rate = (await offline.count()) ? await offline.getByRole("cell").last().textContent() : "0 of 0";
  const [accepted, decided] = (rate ?? "").split(" of ").map(digits);
  const tile = await overallTile(page).textContent();
  const overall = (/([\d,]+) of ([\d,]+) decided/.exec(tile ?? "") ?? []).slice(1).map(digits);
  return {
    approved: digits(await status("Approved")),
    merged: digits(await status("Merged")),
    rejected: digits(await status("Rejected")),
    accepted: accepted ?? 0,
    decided: decided ?? 0,
    overall,
  };
}

/** The decisions of the last eight weeks, as "Learning, week by week" lists them. */
async function learningDecisions(page: Page) {
  const rows = page.getByRole("table", { name: /Learning, week by week/ }).getByTestId("learning-week");
  let sum = 0;
  for (const row of await rows.all()) sum += digits(await row.getByRole("cell").first().textContent());
  return sum;
}

const overallTile = (page: Page) =>
  page.getByRole("list", { name: "Summary" }).getByRole("link", { name: /Approval rate/ });

test("the dashboard counts a reviewer's approval and rejection and updates the approval rate", async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  const stamp = Date.now();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  const before = await readDashboard(page);
  const decisionsBefore = await learningDecisions(page);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Ingest" }).click();
  await page.getByLabel("Title").fill(`Dashboard sync ${stamp}`);
  await page
    .getByLabel("Transcript")
    .fill(
      [
        `Priya: We decided the ${stamp} onboarding revamp ships on Monday.`,
        `Marcus: The ${stamp} onboarding budget is 9,000 euros.`,
      ].join("\n"),
    );
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");

  await page.goto(`/review?q=${stamp}`);
  await page
    .getByRole("listitem", { name: /onboarding revamp/ })
    .getByRole("button", { name: "Approve", exact: true })
    .click();
  await expect(page.getByRole("listitem").filter({ hasText: "Approved — added to Facts" })).toBeVisible();
  const budget = page.getByRole("listitem", { name: /onboarding budget/ });
  await budget.getByRole("button", { name: "Reject" }).click();
  await budget.getByRole("button", { name: "Too vague" }).click();
  await expect(page.getByText("Rejected", { exact: true })).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Approval rate", level: 2 })).toBeVisible();
  const after = await readDashboard(page);
  expect(after).toEqual({
    approved: before.approved + 1,
    merged: before.merged,
    rejected: before.rejected + 1,
    accepted: before.accepted + 1,
    decided: before.decided + 2,
    overall: [(before.overall[0] ?? 0) + 1, (before.overall[1] ?? 0) + 2],
  });
  const [accepted = 0, decided = 1] = after.overall;
  await expect(overallTile(page)).toContainText(`${Math.round((accepted / decided) * 100)}%`);
  // The week's decisions count both; the learning report says what serves and where to reset it.
  expect(await learningDecisions(page)).toBe(decisionsBefore + 2);
  await expect(page.getByRole("region", { name: "Learning, week by week" })).toContainText(
    "Reset or switch off in Settings",
  );

  // The run is among the recent ones, and leads to its source.
  const runs = page.getByRole("table", { name: "Recent runs" });
  await runs.getByRole("link", { name: `Dashboard sync ${stamp}` }).click();
  await expect(page.getByRole("heading", { name: `Dashboard sync ${stamp}` })).toBeVisible();

  // The bars' inline widths are allowed by the Content Security Policy: nothing was refused.
  expect(consoleErrors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
});
