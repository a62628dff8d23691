import { expect, type Page, test } from "@playwright/test";

async function ingest(page: Page, title: string, transcript: string) {
  await page.goto("/ingest");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Transcript").fill(transcript);
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");
}

test("a contradiction is gated with its reason, and approving it supersedes the old fact", async ({ page }) => {
  const stamp = Date.now();
  await ingest(page, `Roadmap ${stamp}`, `Priya: We decided to ship the kiosk app ${stamp} by the end of Q3.`);
  await page.goto("/review");
  const first = page.getByRole("listitem", { name: new RegExp(`kiosk app ${stamp}`) });
  await first.click();
  await page.keyboard.press("a"); // keyboard approve of the selected candidate
  await expect(page.getByText("Approved — added to Facts")).toBeVisible();

  await ingest(page, `Roadmap update ${stamp}`, `Priya: We decided to ship the kiosk app ${stamp} by the end of Q4.`);
  await page.goto("/review?status=gated");
  const contradiction = page.getByRole("listitem", { name: new RegExp(`kiosk app ${stamp} by the end of Q4`) });
  await expect(contradiction).toContainText("Gated: Contradicts an approved fact");
  await expect(contradiction).toContainText("Different date: 'end of Q4' → 'end of Q3'");
  await contradiction.getByRole("button", { name: "Approve and supersede" }).click();
  await expect(page.getByText("Approved — the old fact is marked superseded")).toBeVisible();

  await page.goto(`/facts?q=${stamp}`);
  await expect(page.getByTestId("fact")).toHaveCount(1);
  await expect(page.getByTestId("fact")).toContainText("by the end of Q4");

  // The fact's page: where it was said, what it replaced; the old fact's page: its history, both ways.
  await page
    .getByTestId("fact")
    .getByRole("link", { name: /by the end of Q4/ })
    .click();
  await expect(page.getByRole("heading", { name: "Where it was said (1)" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Provenance" })).toContainText(`Roadmap update ${stamp}`);
  await expect(page.getByRole("list", { name: "Provenance" }).locator("mark")).toContainText("end of Q4");
  const relations = page.getByRole("list", { name: "Relations" });
  await expect(relations).toContainText("Supersedes");
  await relations.getByRole("link", { name: /by the end of Q3/ }).click();
  await expect(page.getByRole("list", { name: "Relations" })).toContainText("Superseded by");
  const history = page.getByRole("list", { name: "History" });
  await expect(history).toContainText("v1 · Approved");
  await expect(history).toContainText("v2 · Superseded");
  await expect(history).toContainText("Status: active → superseded");
});

test("an edited candidate is approved with the reviewer's wording", async ({ page }) => {
  const stamp = Date.now();
  await ingest(page, `Ops ${stamp}`, `Marcus: The on-call rotation ${stamp} must cover weekends from now on.`);
  await page.goto("/review");
  const card = page.getByRole("listitem", { name: new RegExp(`rotation ${stamp}`) });
  await card.getByRole("button", { name: "Edit" }).click();
  await card.getByLabel("Fact text").fill(`On-call rotation ${stamp} covers weekends.`);
  await card.getByRole("button", { name: "Save and approve" }).click();
  await expect(page.getByText("Approved — added to Facts")).toBeVisible();
  await page.goto(`/facts?q=${stamp}`);
  await expect(page.getByTestId("fact")).toContainText(`On-call rotation ${stamp} covers weekends.`);
  await expect(page.getByTestId("fact")).toContainText(
    `The on-call rotation ${stamp} must cover weekends from now on.`,
  );
});
