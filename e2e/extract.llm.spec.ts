import { expect, test } from "@playwright/test";

// This project's server is configured with a model served by the local fake OpenAI-compatible server.
test("with a model configured, the LLM extractor runs and an invented quote is gated", async ({ page }) => {
  await page.goto("/ingest");
  await expect(page.getByText(/Using the LLM extractor \(.*fake-model\)/)).toBeVisible();
  await page.getByLabel("Title").fill("Roadmap review");
  await page
    .getByLabel("Transcript")
    .fill(
      [
        "Priya: We decided to move the billing launch to October.",
        "Marcus: Support must answer every ticket within one business day.",
        "Priya: [[FABRICATE]]",
      ].join("\n"),
    );
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");
  await expect(page.getByText(/Model .*fake-model/)).toBeVisible();
  // Priced at SIFT_LLM_PRICE_PER_MTOK=2.5/10 (scripts/e2e-server.mjs): the run's cost is kept with its tokens.
  await expect(page.getByText(/[\d,]+ in \/ [\d,]+ out tokens · \$\d/)).toBeVisible();
  await page.getByRole("link", { name: "Sources" }).click();
  await page
    .getByTestId("source")
    .filter({ hasText: "Roadmap review" })
    .getByRole("link", { name: "Roadmap review" })
    .click();
  await expect(page.getByRole("region", { name: "Extraction runs" })).toContainText(/out tokens · \$\d/);

  await page.goto("/review?status=pending");
  // Cards are named by their content; their text also holds the transcript around each quote.
  await expect(page.getByRole("listitem", { name: /move the billing launch to October/ })).toBeVisible();
  await expect(page.getByRole("listitem", { name: /moon base/ })).toHaveCount(0);

  await page.getByRole("link", { name: /Gated/ }).click();
  const invented = page.getByRole("listitem", { name: /moon base/ });
  await expect(invented).toContainText("Quote not found in the source");
});

test("a run waiting out the provider's rate limit says so, then finishes every chunk", async ({ page }) => {
  await page.goto("/ingest");
  await page.getByLabel("Title").fill("Rate limited sync");
  // The fake provider answers this text's first request 429 with Retry-After: 3 (tests/fake-openai-server.ts).
  await page.getByLabel("Transcript").fill("Lena: We decided to freeze the API on Monday. [[RATE_LIMITED 3]]");
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByText(/^Waiting [1-3] s: the provider's rate limit$/)).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Extraction finished: 1 candidate");
  await expect(page.getByText("Waited 3 s for the provider's rate limit (1 × HTTP 429)")).toBeVisible();
});
