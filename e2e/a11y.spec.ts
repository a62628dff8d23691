import { expect, test } from "@playwright/test";
import { violations } from "./axe";
import { approveByApi, clearSeeded, ingestByApi } from "./queue-seed";

test.afterEach(({ request }) => clearSeeded(request));

// axe-core over the pages reviewers live in, with real content in them: no serious or critical violation.
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
  const sourceLink = page.getByRole("link", { name: /Review \d+ candidates?/ });
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

test("every page, with content in it, has no serious or critical accessibility violation", async ({
  page,
  request,
}) => {
  const tag = `axe${Date.now()}`;
  const meeting = await ingestByApi(request, `Axe sync ${tag}`, [
    `Priya: We decided to hold the ${tag} quiz night on Fridays.`,
    `Marcus: The ${tag} quiz budget is 300 euros.`,
    `Lena: The ${tag} quiz budget is 400 euros.`,
  ]);
  const first = meeting.candidates.find((c) => c.content.includes("quiz night"));
  if (!first) throw new Error("the quiz night decision was not extracted");
  const { factId } = await approveByApi(request, first);
  const open = meeting.candidates.find((c) => c.id !== first.id) ?? first;
  const pages = [
    "/",
    "/ingest",
    `/review?q=${tag}`,
    `/review?q=${tag}&status=gated`,
    `/review/${open.id}`,
    `/facts?q=${tag}`,
    "/facts?q=quizz",
    `/facts/${factId}`,
    "/facts/new",
    "/sources",
    `/sources/${meeting.sourceId}`,
    `/sources/${meeting.sourceId}/forget`,
    "/settings",
    "/admin",
    "/forbidden?need=admin",
  ];
  const found: string[] = [];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole("main")).toBeVisible();
    found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
  }
  // The queue one card at a time, the editor and the reasons open, the shortcut list, the menu at 390 px.
  await page.goto(`/review?q=${tag}`);
  await page.keyboard.press("f");
  await expect(page.getByTestId("candidate")).toHaveCount(1);
  found.push(...(await violations(page)).map((v) => `focused view: ${v}`));
  await page.keyboard.press("e");
  found.push(...(await violations(page)).map((v) => `editor: ${v}`));
  await page.keyboard.press("Escape");
  await page.keyboard.press("r");
  found.push(...(await violations(page)).map((v) => `reasons: ${v}`));
  await page.keyboard.press("Escape");
  await page.keyboard.press("Shift+Slash");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  found.push(...(await violations(page)).map((v) => `shortcuts: ${v}`));
  await page.keyboard.press("Escape");
  await page.keyboard.press("f");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Menu" }).click();
  found.push(...(await violations(page)).map((v) => `menu at 390 px: ${v}`));
  expect(found).toEqual([]);
});
