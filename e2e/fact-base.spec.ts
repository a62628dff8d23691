import { expect, test, type Page } from "@playwright/test";

// What a reviewer does to the fact base besides approving: type a fact in, archive one, forget a meeting.

async function ingestAndApprove(page: Page, title: string, lines: string[], approve: RegExp[]) {
  await page.goto("/ingest");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Transcript").fill(lines.join("\n"));
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");
  await page.goto(`/review?q=${encodeURIComponent(title.split(" ").at(-1) ?? "")}`);
  for (const name of approve) {
    await page.getByRole("listitem", { name }).getByRole("button", { name: "Approve", exact: true }).click();
    const toast = page.getByRole("listitem").filter({ hasText: "Approved — added to Facts" });
    await expect(toast.filter({ hasText: name })).toBeVisible();
  }
  // The source's page, from a card still open.
  const href = await page.getByRole("link", { name: "Open in the source" }).first().getAttribute("href");
  return href?.replace(/#.*$/, "");
}

test("a fact typed in joins the fact base at once, says who entered it, and is refused a second time", async ({
  page,
}) => {
  const stamp = Date.now();
  const text = `Visitor badges for ${stamp} expire after one day.`;
  await page.goto("/facts");
  await page.getByRole("link", { name: "New fact" }).click();
  await page.getByLabel("Fact", { exact: true }).fill(text);
  await page.getByLabel("Kind").selectOption("constraint");
  await page.getByLabel("Where it comes from (optional)").fill("Security handbook");
  await page.getByRole("button", { name: "Add fact" }).click();
  await expect(page).toHaveURL(/\/facts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("region", { name: "Fact" })).toContainText(text);
  await expect(page.getByRole("list", { name: "Provenance" })).toContainText(/Entered by hand by .+/);
  await expect(page.getByRole("list", { name: "Provenance" })).toContainText("Security handbook");
  await expect(page.getByRole("list", { name: "History" })).toContainText("v1 · Entered");

  await page.goto("/facts/new");
  await page.getByLabel("Fact", { exact: true }).fill(`  visitor badges for ${stamp} expire after ONE day. `);
  await page.getByRole("button", { name: "Add fact" }).click();
  await expect(page.getByRole("form", { name: "New fact" }).getByRole("alert")).toContainText(
    `The fact base already says this: "${text}"`,
  );
  // The reviewer's text is still there to fix.
  await expect(page.getByLabel("Fact", { exact: true })).toHaveValue(
    `  visitor badges for ${stamp} expire after ONE day. `,
  );
});

test("archiving takes a fact out of search and brings it back, both in its history", async ({ page }) => {
  const stamp = Date.now();
  const fact = await page.goto("/facts/new").then(async () => {
    await page.getByLabel("Fact", { exact: true }).fill(`The ${stamp} printer is on floor two.`);
    await page.getByRole("button", { name: "Add fact" }).click();
    await expect(page).toHaveURL(/\/facts\/[0-9a-f-]{36}$/);
    return page.url();
  });
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByRole("region", { name: "Fact" }).getByText("archived", { exact: true })).toBeVisible();
  await page.goto(`/facts?q=${stamp}`);
  await expect(page.getByText("No facts match")).toBeVisible();
  await page.goto(fact);
  await page.getByRole("button", { name: "Bring back" }).click();
  await expect(page.getByRole("region", { name: "Fact" }).getByText("active", { exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "History" })).toContainText("v2 · Archived");
  await expect(page.getByRole("list", { name: "History" })).toContainText("v3 · Brought back");
  await page.goto(`/facts?q=${stamp}`);
  await expect(page.getByTestId("fact")).toHaveCount(1);
});

test("forgetting a meeting previews what changes, then deletes what only it said, its cards, its transcript", async ({
  page,
}) => {
  const stamp = Date.now();
  const source = await ingestAndApprove(
    page,
    `Forget ${stamp}`,
    [
      `Priya: We decided the ${stamp} mural goes on the north wall.`,
      `Marcus: The ${stamp} mural must use water-based paint.`,
    ],
    [/north wall/],
  );
  expect(source).toMatch(/^\/sources\//);
  await page.goto(`${source}/forget`);
  await expect(page.getByRole("region", { name: /Facts only this source supports \(1\)/ })).toContainText("north wall");
  await expect(page.getByRole("region", { name: /Open candidates rejected/ })).toContainText("water-based paint");
  // Forget means gone: deleting is what is chosen, and archiving is offered second, saying what it keeps.
  await expect(page.getByRole("radio", { name: /Delete it/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: /Archive instead/ })).not.toBeChecked();
  await expect(page.getByText("Archive keeps the transcript")).toBeVisible();
  await page.getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Source forgotten: 1 fact deleted" })).toBeVisible();

  await page.goto(`/facts?q=${stamp}`);
  await expect(page.getByText("No facts match")).toBeVisible();
  await page.goto(`/review?q=${stamp}`);
  await expect(page.getByRole("listitem", { name: /water-based paint/ })).toHaveCount(0);
  const response = await page.goto(source as string);
  expect(response?.status()).toBe(404);
});
