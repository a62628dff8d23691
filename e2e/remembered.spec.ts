import { expect, test, type Page } from "@playwright/test";

// A reviewer's decisions hold when the same meeting is extracted again: the line they rejected comes back
// saying who rejected it and why, and the original wording of a line they edited and approved is a duplicate
// of the fact it became, not a fresh card.

async function paste(page: Page, title: string, transcript: string) {
  await page.goto("/ingest");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Transcript").fill(transcript);
  await page.getByRole("button", { name: "Extract" }).click();
}

const idle = (page: Page) =>
  expect(page.getByRole("list", { name: "Candidates" })).toHaveAttribute("aria-busy", "false");

test("extract, decide by keyboard, extract again: the cards remember the decisions", async ({ page }) => {
  const stamp = Date.now();
  const meeting = [
    `Priya: We decided to move the ${stamp} launch to the Berlin office.`,
    `Marcus: I will book the venue for the ${stamp} launch by Friday.`,
    `Lena: The ${stamp} launch budget is 40,000 dollars.`,
  ].join("\n");
  await paste(page, `Remembered ${stamp}`, meeting);
  await expect(page.getByRole("status")).toContainText("Extraction finished");

  await page.goto(`/review?q=${stamp}`);
  const cards = page.getByTestId("candidate");
  await expect(cards).toHaveCount(3);
  const focused = page.locator('[data-testid="candidate"]:focus');
  const keys = page.keyboard;
  // Each card decided from the keyboard, whichever order the queue shows them in.
  for (let left = 3; left > 0; left--) {
    await expect(cards).toHaveCount(left);
    await idle(page);
    const label = (await focused.getAttribute("aria-label")) ?? "";
    if (label.includes("Berlin")) {
      await keys.press("r"); // the third reason: Superseded
      await keys.press("ArrowRight");
      await keys.press("ArrowRight");
      await expect(page.getByRole("button", { name: "Superseded" })).toBeFocused();
      await keys.press("Enter");
    } else if (label.includes("venue")) {
      await keys.press("e");
      await keys.press("ControlOrMeta+a");
      await keys.type(`Marcus books the ${stamp} launch venue by Thursday.`);
      await keys.press("ControlOrMeta+Enter");
    } else {
      await keys.press("a");
    }
  }
  await expect(cards).toHaveCount(0);

  await paste(page, `Remembered ${stamp} again`, meeting);
  const notice = page.getByRole("alert").filter({ hasText: "already ingested" });
  await notice.getByRole("button", { name: "Extract it again" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");

  await page.goto(`/review?q=${stamp}`);
  const berlin = page.getByRole("listitem", { name: /Berlin office/ });
  await expect(berlin).toContainText(/Rejected before: Superseded, by .+, \d{4}-\d\d-\d\d/);
  const venue = page.getByRole("listitem", { name: /book the venue/ });
  await expect(venue).toContainText("Duplicate of");
  await expect(venue).toContainText(`Marcus books the ${stamp} launch venue by Thursday.`);
  // The line approved as is comes back as its fact's duplicate, to merge this meeting in as another source.
  await expect(page.getByRole("listitem", { name: /40,000 dollars/ })).toContainText("Duplicate of");
  // Nothing came back as a fresh card.
  await expect(cards).toHaveCount(3);

  // Cleared so other tests' queues do not see them.
  for (let left = 3; left > 0; left--) {
    await expect(cards).toHaveCount(left);
    await idle(page);
    await keys.press("r");
    await keys.press("Enter");
  }
  await expect(cards).toHaveCount(0);
});
