import { expect, test, type Page } from "@playwright/test";
import { approveByApi, candidatesOf, clearSeeded, ingestByApi, seedTwentyCards } from "./queue-seed";

test.afterEach(({ request }) => clearSeeded(request));

/** Every decision answered by the server (the progress line counts them as soon as the key is pressed). */
const saved = (page: Page) => expect(page.getByText(/Saving \d+ decisions?…/)).toHaveCount(0);

// The queue one card at a time (f), the phone's width (390 px), and the toasts that never cover the quote.

const progress = (page: Page) => page.getByLabel("Progress");

test("f shows one card at a time, large, with its context and keys; progress is kept in both views", async ({
  page,
  request,
}) => {
  const tag = `one${Date.now()}`;
  const { sources } = await seedTwentyCards(request, tag);
  await page.goto(`/review?q=${tag}&sort=source&dir=asc`);
  await expect(page.getByTestId("candidate")).toHaveCount(20);
  await page.keyboard.press("f");
  const card = page.getByTestId("candidate");
  await expect(card).toHaveCount(1);
  await expect(page.getByRole("button", { name: "One card at a time" })).toHaveAttribute("aria-pressed", "true");
  await expect(card).toContainText(`The team decided to name the ${tag} mascot Pebble.`);
  // Its quote in context: the lines after it in the meeting; the decision keys under it.
  await expect(card.locator("blockquote")).toContainText(`The ${tag} travel allowance cannot exceed 900 euros.`);
  await expect(card.getByRole("button", { name: "Approve", exact: true })).toHaveAttribute("aria-keyshortcuts", "a");
  await expect(card.getByRole("button", { name: "Reject", exact: true })).toHaveAttribute("aria-keyshortcuts", "r");
  await expect(progress(page)).toHaveText("1 of 20 · 0 approved · 0 rejected");

  await page.keyboard.press("a");
  await expect(card).toContainText("travel allowance cannot exceed");
  await expect(progress(page)).toHaveText("2 of 20 · 1 approved · 0 rejected");
  await page.keyboard.press("r");
  await page.keyboard.press("Enter");
  await expect(card).toContainText("kickoff to the harbour hall");
  await expect(progress(page)).toHaveText("3 of 20 · 1 approved · 1 rejected");
  // The card that repeats an approved fact shows it, with why, and m merges it.
  await expect(card.getByRole("list", { name: "Matches" })).toContainText("Duplicate of an approved fact");
  await page.keyboard.press("j");
  await expect(progress(page)).toHaveText("4 of 20 · 1 approved · 1 rejected");
  await page
    .getByRole("navigation", { name: "Cards" })
    .getByRole("button", { name: /Previous/ })
    .click();
  await expect(card).toContainText("kickoff to the harbour hall");
  await page.keyboard.press("m");
  await expect(progress(page)).toHaveText("4 of 20 · 1 approved · 1 merged · 1 rejected");

  // Back to the list: the same card selected, the same count; the view is remembered for the next visit.
  await page.keyboard.press("f");
  await expect(page.getByTestId("candidate")).toHaveCount(17);
  await expect(page.getByTestId("candidate").first()).toBeFocused();
  await expect(progress(page)).toHaveText("4 of 20 · 1 approved · 1 merged · 1 rejected");
  await page.keyboard.press("f");
  await saved(page);
  await page.reload();
  await expect(page.getByTestId("candidate")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "One card at a time" })).toHaveAttribute("aria-pressed", "true");

  const stored = new Map((await candidatesOf(request, sources[0] as string)).map((c) => [c.content, c]));
  const status = (fragment: string) => [...stored.values()].find((c) => c.content.includes(fragment))?.status;
  expect([status("mascot"), status("travel allowance"), status("kickoff")]).toEqual(["approved", "rejected", "merged"]);
});

test("at 390 px every page fits without scrolling sideways, the sidebar folds into a menu, and review works", async ({
  page,
  request,
}) => {
  const tag = `narrow${Date.now()}`;
  const meeting = await ingestByApi(
    request,
    `A rather long meeting title for a narrow screen ${tag}`,
    [
      `Priya: We decided to move the ${tag} quarterly planning offsite to the Porto office in March.`,
      `Marcus: The ${tag} induction checklist must cover security training before the first deploy.`,
      `Lena: I will send the ${tag} meeting minutes to everyone by Friday afternoon.`,
    ],
    "2026-03-02",
  );
  const first = meeting.candidates.find((c) => c.content.includes("Porto"));
  if (!first) throw new Error("the Porto decision was not extracted");
  const { factId } = await approveByApi(request, first);
  await page.setViewportSize({ width: 390, height: 844 });

  const paths = ["/", "/ingest", `/review?q=${tag}`, `/facts?q=${tag}`, `/facts/${factId}`, "/sources"];
  paths.push(`/sources/${meeting.sourceId}`);
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("main")).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(`${path}: ${width}`).toBe(`${path}: 390`);
  }
  await page.goto(`/review?q=${tag}`);
  // Cards say when the meeting was, as entered, not the day it was ingested.
  await expect(page.getByTestId("candidate").first()).toContainText("meeting of 2026-03-02");
  await page.keyboard.press("f");
  await expect(page.getByTestId("candidate")).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  // The queue's tabs keep their words on one line.
  const tab = page.getByRole("navigation", { name: "Queue" }).getByRole("link", { name: /To review/ });
  expect((await tab.boundingBox())?.height).toBeLessThan(48);

  // The sidebar is a menu: closed, then open over the page, then closed again by choosing a page.
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(nav.getByRole("link", { name: "Facts" })).toBeVisible();
  await nav.getByRole("link", { name: "Facts" }).click();
  await expect(page).toHaveURL(/\/facts$/);
  await expect(nav).toBeHidden();

  // One card at a time by touch: Approve, then Reject with a reason, from the buttons under the card.
  await page.goto(`/review?q=${tag}&sort=source&dir=asc`);
  const card = page.getByTestId("candidate");
  await card.getByRole("button", { name: "Approve", exact: true }).click();
  await card.getByRole("button", { name: "Reject", exact: true }).click();
  await card.getByRole("button", { name: "Too vague" }).click();
  await expect(progress(page)).toHaveText("2 of 2 · 1 approved · 1 rejected");
  await expect(page.getByText("Done: nothing left on this page")).toBeVisible();
  await saved(page);
  const statuses = (await candidatesOf(request, meeting.sourceId)).map((c) => c.status).sort();
  expect(statuses).toEqual(["approved", "approved", "rejected"]);
  await page.getByRole("button", { name: "One card at a time" }).click();
});

for (const width of [1280, 390]) {
  test(`at ${width} px the toast after a decision never covers the next card's quote`, async ({ page, request }) => {
    const tag = `toast${width}${Date.now()}`;
    await seedTwentyCards(request, tag);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(`/review?q=${tag}&sort=source&dir=asc`);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("a");
      const toast = page.getByRole("listitem").filter({ hasText: "Approved — added to Facts" });
      await expect(toast).toBeVisible();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
      const quote = await page.locator('[data-testid="candidate"][aria-current="true"] mark').boundingBox();
      const box = await toast.boundingBox();
      if (!quote || !box) throw new Error("no quote or no toast on the screen");
      const overlaps =
        quote.x < box.x + box.width &&
        box.x < quote.x + quote.width &&
        quote.y < box.y + box.height &&
        box.y < quote.y + quote.height;
      expect(overlaps).toBe(false);
    }
  });
}

// A card is sent with the lines its focused view shows; "More context" reads the rest from the server (issue 28).
test("More context shows the lines around the quote the card was not sent with", async ({ page, request }) => {
  const tag = `ctx${Date.now()}`;
  await ingestByApi(request, `Context ${tag}`, [
    "Ana: Good morning, everyone.",
    "Bo: Morning, Ana.",
    "Ana: The coffee is in the small kitchen today.",
    "Bo: Thanks, I saw it on the way in.",
    "Ana: Let us start with the calendar.",
    "Bo: Sure, go ahead.",
    "Ana: One more thing first.",
    `Bo: We decided to move the ${tag} launch to the ninth of May.`,
    "Ana: Noted, thanks.",
    "Bo: Next item, then.",
    "Ana: The venue is still open.",
    "Bo: Right.",
    "Ana: The printer on the third floor is broken again.",
    "Bo: I will tell facilities.",
  ]);
  await page.goto(`/review?q=${encodeURIComponent(`${tag} launch`)}`);
  const card = page.getByTestId("candidate");
  await expect(card).toHaveCount(1);
  const quote = card.locator("blockquote");
  await expect(quote).toContainText(`move the ${tag} launch`);
  await expect(quote).not.toContainText("small kitchen");
  await card.getByRole("button", { name: "More context" }).click();
  await expect(quote).toContainText("Good morning, everyone.");
  await expect(quote).toContainText("The coffee is in the small kitchen today.");
  await expect(quote).toContainText("The printer on the third floor is broken again.");
  await card.getByRole("button", { name: "Less context" }).click();
  await expect(quote).not.toContainText("small kitchen");
  // The focused view shows the lines the card was sent with, at once.
  await page.keyboard.press("f");
  await expect(quote).toContainText("Let us start with the calendar.");
  await expect(quote).not.toContainText("small kitchen");
});
