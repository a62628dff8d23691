import { expect, test, type Page } from "@playwright/test";

// Issue 27: two teams in one Sift. An admin makes a second space; the sidebar offers a switcher; the same
// meeting pasted in both is matched within each space only, and neither's queue or facts show the other's.

async function ingest(page: Page, title: string, text: string) {
  await page.getByRole("link", { name: "Ingest", exact: true }).first().click();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Transcript").fill(text);
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");
}

test("a second space keeps its meetings, queue and facts apart, and the switcher moves between them", async ({
  page,
}) => {
  const stamp = Date.now();
  const slug = `mobile-${stamp}`;
  const meeting = `Priya: We decided to move the ${stamp} launch to October.`;

  await page.goto("/admin");
  const form = page.getByRole("form", { name: "New space" });
  await form.getByLabel("Space name").fill(`Mobile ${stamp}`);
  await form.getByLabel("Short name in links").fill(slug);
  await form.getByRole("button", { name: "Create space" }).click();
  await expect(page.getByRole("table", { name: "Spaces" })).toContainText(`Mobile ${stamp}`);

  // With two spaces, the sidebar says which one the pages show; choosing one puts it in the URL.
  await page.goto("/review");
  const switcher = page.getByRole("combobox", { name: "Space" }).first();
  await expect(switcher).toBeVisible();
  await switcher.selectOption({ label: `Mobile ${stamp}` });
  await expect(page).toHaveURL(new RegExp(`/review\\?space=${slug}$`));

  // In the mobile space: paste, approve.
  await ingest(page, `Mobile sync ${stamp}`, meeting);
  await page.goto(`/review?space=${slug}&q=${stamp}`);
  const card = page.getByRole("listitem", { name: /launch to October/ });
  await card.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByText("Approved — added to Facts")).toBeVisible();
  await page.goto(`/facts?space=${slug}&q=${stamp}`);
  await expect(page.getByTestId("fact")).toHaveCount(1);

  // The default space knows nothing of it: no fact, and the same paste is neither "ingested before" nor a
  // duplicate of the other team's fact.
  await page.goto(`/facts?q=${stamp}`);
  await expect(page.getByRole("combobox", { name: "Space" }).first()).toHaveValue("default");
  await expect(page.getByTestId("fact")).toHaveCount(0);
  await ingest(page, `Billing sync ${stamp}`, meeting);
  await page.goto(`/review?q=${stamp}`);
  const repeat = page.getByRole("listitem", { name: /launch to October/ });
  await expect(repeat).toHaveCount(1);
  await expect(repeat.getByRole("button", { name: "Approve", exact: true })).toBeVisible();
  await expect(repeat.getByRole("button", { name: "Merge into existing" })).toHaveCount(0);

  // Pasted again in the mobile space, it is that space's repeat: merge is offered there.
  await page.goto(`/review?space=${slug}`);
  await ingest(page, `Mobile sync again ${stamp}`, `Marcus: As agreed, ${meeting.slice(7)}`);
  await page.goto(`/review?space=${slug}&q=${stamp}`);
  await expect(
    page.getByRole("listitem", { name: /launch to October/ }).getByRole("button", { name: "Merge into existing" }),
  ).toBeVisible();

  // A space that does not exist is a missing page, not an empty one.
  for (const path of ["/review", "/facts"]) {
    await page.goto(`${path}?space=no-such-space`);
    await expect(page.getByText("This page could not be found.")).toBeVisible();
  }
});

test("a second space's settings are its own: saving them leaves the default space's as they were", async ({ page }) => {
  const stamp = Date.now();
  const slug = `tuned-${stamp}`;
  await page.goto("/admin");
  const form = page.getByRole("form", { name: "New space" });
  await form.getByLabel("Space name").fill(`Tuned ${stamp}`);
  await form.getByLabel("Short name in links").fill(slug);
  await form.getByRole("button", { name: "Create space" }).click();
  await expect(page.getByRole("table", { name: "Spaces" })).toContainText(`Tuned ${stamp}`);

  await page.goto("/settings");
  const limit = page.getByLabel("Known facts sent to the model");
  const defaultLimit = await limit.inputValue();
  const mine = defaultLimit === "37" ? "38" : "37";

  // The space's page names it, and starts from the shipped settings.
  await page.goto(`/settings?space=${slug}`);
  await expect(page.getByRole("heading", { name: `Settings of Tuned ${stamp}` })).toBeVisible();
  await limit.fill(mine);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  await page.reload();
  await expect(limit).toHaveValue(mine);

  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: `Settings of Tuned ${stamp}` })).toHaveCount(0);
  await expect(limit).toHaveValue(defaultLimit);
});

test("a fact moves to another space from its page and is found there, with its history", async ({ page }) => {
  const stamp = Date.now();
  const slug = `support-${stamp}`;
  await page.goto("/admin");
  const form = page.getByRole("form", { name: "New space" });
  await form.getByLabel("Space name").fill(`Support ${stamp}`);
  await form.getByLabel("Short name in links").fill(slug);
  await form.getByRole("button", { name: "Create space" }).click();
  await expect(page.getByRole("table", { name: "Spaces" })).toContainText(`Support ${stamp}`);

  await page.goto("/review");
  await ingest(page, `Support sync ${stamp}`, `Priya: We decided the ${stamp} refund desk opens on Mondays.`);
  await page.goto(`/review?q=${stamp}`);
  await page
    .getByRole("listitem", { name: /refund desk/ })
    .getByRole("button", { name: "Approve", exact: true })
    .click();
  await expect(page.getByText("Approved — added to Facts")).toBeVisible();
  await page.goto(`/facts?q=${stamp}`);
  await page
    .getByTestId("fact")
    .getByRole("link", { name: /refund desk/ })
    .click();
  await expect(page).toHaveURL(/\/facts\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split("/").pop();

  // By keyboard: open the control, choose the space, move, confirm.
  await page.getByRole("button", { name: "Move or copy to another space…" }).focus();
  await page.keyboard.press("Enter");
  const move = page.getByRole("form", { name: "Move or copy this fact" });
  await move.getByRole("combobox", { name: "To space" }).selectOption({ label: `Support ${stamp}` });
  await expect(move.getByRole("radio", { name: /^Move:/ })).toBeChecked();
  await page.setViewportSize({ width: 390, height: 844 });
  await move.screenshot({ path: "test-results/move-fact-390.png" });
  await move.getByRole("button", { name: `Move to Support ${stamp}…` }).click();
  await expect(move.getByRole("status")).toContainText(`Move this fact from Default to Support ${stamp}?`);
  await move.getByRole("button", { name: "Confirm move" }).click();

  await expect(page).toHaveURL(new RegExp(`/facts/${id}\\?space=${slug}$`));
  await expect(page.getByText(`Moved to Support ${stamp}.`)).toBeVisible();
  const history = page.getByRole("list", { name: "History" });
  await expect(history).toContainText("v1 · Approved");
  await expect(history).toContainText(`v2 · Moved`);
  await expect(history).toContainText(`Moved from Default to Support ${stamp}`);
  await expect(page.getByRole("list", { name: "Provenance" })).toContainText(`refund desk opens on Mondays`);

  await page.goto(`/facts?space=${slug}&q=${stamp}`);
  await expect(page.getByTestId("fact")).toHaveCount(1);
  await page.goto(`/facts?q=${stamp}`);
  await expect(page.getByTestId("fact")).toHaveCount(0);
});
