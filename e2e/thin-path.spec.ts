import { expect, test } from "@playwright/test";

// The newcomer's path: paste a transcript, extract, approve one candidate, find it on Facts.
test("paste a transcript, approve a candidate, find the fact with its source", async ({ page }) => {
  const title = `Billing sync ${Date.now()}`;
  await page.goto("/ingest");
  await page.getByLabel("Title").fill(title);
  await page
    .getByLabel("Transcript")
    .fill(
      [
        "Priya: Hi everyone, thanks for joining.",
        "Priya: We decided to ship offline mode by the end of Q3.",
        "Marcus: The budget for the launch cannot exceed 40k dollars.",
        "Marcus: I'll write the migration guide by Friday.",
        "Priya: Great, thanks!",
      ].join("\n"),
    );
  await page.getByRole("button", { name: "Extract" }).click();

  await expect(page.getByRole("status")).toContainText("Extraction finished");
  await page.getByRole("link", { name: /Review \d+ candidates?/ }).click();
  await expect(page).toHaveURL(/\/review\?run=/);

  // Cards are named by their content (their text also shows the transcript around the quote).
  const candidate = page.getByRole("listitem", { name: /offline mode/i });
  await expect(candidate).toBeVisible();
  await expect(candidate).toContainText(title);
  const content = (await candidate.locator("p").first().textContent())?.trim() ?? "";
  expect(content).toMatch(/offline mode/i);
  await candidate.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByText("Approved — added to Facts")).toBeVisible();
  await expect(page.getByRole("listitem", { name: content, exact: true })).toHaveCount(0);

  await page.getByRole("link", { name: "Facts" }).click();
  const fact = page.getByTestId("fact").filter({ hasText: content });
  await expect(fact).toHaveCount(1);
  await expect(fact.getByRole("link", { name: title })).toBeVisible();
  await expect(fact).toContainText("We decided to ship offline mode by the end of Q3.");
});

test("an empty paste is refused with a clear message and saves nothing", async ({ page }) => {
  await page.goto("/sources");
  const before = await page.getByTestId("source").count();
  await page.goto("/ingest");
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByText("Paste a transcript or choose a file first.").first()).toBeVisible();
  await expect(page.getByLabel("Transcript")).toHaveAttribute("aria-invalid", "true");
  await page.goto("/sources");
  await expect(page.getByTestId("source")).toHaveCount(before);
});
