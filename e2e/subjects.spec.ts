import { expect, test, type Page } from "@playwright/test";

// Issue 27, subjects: one space holding two people's memories. Each paste says whom it is about; the same words
// about two people are two cards, neither a duplicate of the other's fact; a person's facts are listed on their
// own, and forgetting them (previewed first) leaves the other's whole.

async function ingestAbout(page: Page, subject: string, text: string) {
  await page.goto("/ingest");
  await page.getByLabel("Title").fill(`Chat with ${subject}`);
  await page.getByLabel("Transcript").fill(text);
  await page.getByLabel("About (optional)").fill(subject);
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");
}

test("two people's facts stay apart, and forgetting one leaves the other", async ({ page }) => {
  const stamp = Date.now();
  const alice = `alice-${stamp}`;
  const bob = `bob-${stamp}`;
  const said = `Priya: We decided to hold the ${stamp} offsite in Lisbon on October 3rd.`;

  await ingestAbout(page, alice, said);
  await page.goto(`/review?q=${stamp}`);
  const hers = page.getByRole("listitem", { name: /Lisbon/ });
  await expect(hers).toContainText(`about ${alice}`);
  await hers.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByText("Approved — added to Facts")).toBeVisible();

  // The same words about Bob: his own card, a new fact for him, not a repeat of hers.
  await ingestAbout(page, bob, said);
  await page.goto(`/review?q=${stamp}`);
  const his = page.getByRole("listitem", { name: /Lisbon/ });
  await expect(his).toHaveCount(1);
  await expect(his).toContainText(`about ${bob}`);
  await expect(his.getByRole("button", { name: "Merge into existing" })).toHaveCount(0);
  await his.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByText("Approved — added to Facts")).toBeVisible();

  // The facts say whom they are about; a subject's link lists theirs only.
  await page.goto(`/facts?q=${stamp}`);
  await expect(page.getByTestId("fact")).toHaveCount(2);
  await page.getByRole("link", { name: `about ${alice}` }).click();
  await expect(page.getByTestId("fact")).toHaveCount(1);
  await expect(page.getByRole("note")).toContainText(`Facts about ${alice}`);

  // Forget Alice: the preview first, then delete.
  await page.getByRole("link", { name: `forget ${alice}…` }).click();
  await expect(page.getByRole("heading", { name: `Forget ${alice}` })).toBeVisible();
  await expect(page.getByRole("region", { name: `Facts about ${alice} (1)` })).toBeVisible();
  await expect(page.getByRole("region", { name: `Sources about ${alice} (1)` })).toBeVisible();
  await page.getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByText(`${alice} forgotten: 1 fact and 1 source deleted`)).toBeVisible();
  await expect(page).toHaveURL(/\/subjects$/);
  await expect(page.getByRole("table", { name: "Subjects" })).not.toContainText(alice);
  await expect(page.getByRole("table", { name: "Subjects" })).toContainText(bob);

  await page.goto(`/facts?q=${stamp}`);
  await expect(page.getByTestId("fact")).toHaveCount(1);
  await expect(page.getByTestId("fact")).toContainText(`about ${bob}`);
});
