import { expect, test } from "@playwright/test";

// What a reviewer sees is what gets stored: hidden characters are shown and flagged, a credential is
// gated, and the approved fact holds the text without the hidden characters.
test("hidden characters are shown marked and gated, and the approved fact is stored without them", async ({ page }) => {
  const stamp = Date.now();
  await page.goto("/ingest");
  await page.getByLabel("Title").fill(`Hidden ${stamp}`);
  await page
    .getByLabel("Transcript")
    .fill(
      [
        `Priya: We decided the ${stamp} kiosk\u200b launch moves to Friday.`,
        `Marcus: The ${stamp} admin password is hunter2.`,
      ].join("\n"),
    );
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");

  await page.goto(`/review?q=${stamp}&gate=invisible`);
  const card = page.getByRole("listitem", { name: /kiosk/ });
  await expect(card).toContainText("⟨U+200B⟩");
  await expect(card).toContainText("Gated: Invisible characters (U+200B)");
  await page.goto(`/review?q=${stamp}&gate=secret`);
  const secret = page.getByRole("listitem", { name: /admin password/ });
  await expect(secret).toContainText("Holds a credential or secret (spoken-password)");

  await page.goto(`/review?q=${stamp}&gate=invisible`);
  await card.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Approved — added to Facts" })).toBeVisible();
  await page.goto(`/facts?q=${stamp}`);
  await page.getByTestId("fact").getByRole("link").first().click();
  const fact = page.getByRole("region", { name: "Fact" });
  await expect(fact).toContainText(`kiosk launch moves to Friday`);
  await expect(fact).not.toContainText("U+200B");
  await expect(page.getByRole("list", { name: "History" })).toContainText("invisible characters removed");
});
