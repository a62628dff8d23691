import { expect, type Page, test } from "@playwright/test";

async function paste(page: Page, title: string, transcript: string) {
  await page.goto("/ingest");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Transcript").fill(transcript);
  await page.getByRole("button", { name: "Extract" }).click();
}

async function ingest(page: Page, title: string, transcript: string) {
  await paste(page, title, transcript);
  await expect(page.getByRole("status")).toContainText("Extraction finished");
}

test("the same meeting pasted twice: Sift says so, and extracted again it is one card per statement", async ({
  page,
}) => {
  const stamp = Date.now();
  const meeting = [
    `Priya: We decided to move the ${stamp} launch to the Berlin office.`,
    `Marcus: I will book the venue for the ${stamp} launch by Friday.`,
  ].join("\n");
  await ingest(page, `Launch ${stamp}`, meeting);

  await paste(page, `Launch ${stamp} again`, meeting);
  const notice = page.getByRole("alert").filter({ hasText: "already ingested" });
  await expect(notice).toContainText(`This text was already ingested as “Launch ${stamp}”`);
  await expect(page.getByLabel("Transcript")).toHaveValue(meeting);
  await notice.getByRole("button", { name: "Extract it again" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");

  await page.goto(`/review?q=${stamp}`);
  const cards = page.getByTestId("candidate");
  await expect(cards).toHaveCount(2);
  // A card is named by its candidate's content (other cards may quote it among their matches).
  const berlin = page.getByRole("listitem", { name: /Berlin office/ });
  await expect(berlin).toContainText("2 similar candidates from 2 sources");
  await berlin.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByText("Approved — added to Facts")).toBeVisible();
  await expect(cards).toHaveCount(1);

  await page.goto(`/facts?q=${stamp}`);
  const fact = page.getByTestId("fact").filter({ hasText: "Berlin office" });
  await expect(fact).toHaveCount(1);
  await expect(fact.getByRole("link", { name: `Launch ${stamp}`, exact: true })).toBeVisible();
  await expect(fact.getByRole("link", { name: `Launch ${stamp} again` })).toBeVisible();
});

test("approving one figure re-judges its rival in the queue: it is gated as a contradiction", async ({ page }) => {
  const stamp = Date.now();
  await ingest(page, `Budget A ${stamp}`, `Lena: The ${stamp} launch budget is 40,000 dollars.`);
  await ingest(page, `Budget B ${stamp}`, `Omar: The ${stamp} launch budget is 50,000 dollars.`);
  await page.goto(`/review?q=${stamp}`);
  const rival = page.getByRole("listitem", { name: /50,000/ });
  await expect(rival).toContainText("Gated: Contradicts another pending candidate");
  await page
    .getByRole("listitem", { name: /40,000/ })
    .getByRole("button", { name: "Approve", exact: true })
    .click();
  await expect(page.getByText("Approved — added to Facts")).toBeVisible();

  // No reload: the approval's response brings the queue back judged again. (Other tests' budgets, with
  // other stamps, may add reasons of their own: the one that matters here must be among them.)
  await expect(page.getByTestId("candidate")).toHaveCount(1);
  await expect(rival).toContainText(/Gated: .*Contradicts an approved fact/);
  await page.reload();
  await expect(rival).toContainText(/Gated: .*Contradicts an approved fact/);
  await expect(rival.getByRole("button", { name: "Approve and supersede" })).toBeVisible();
});

test("filters and sort live in the URL, with honest counts, and survive a reload", async ({ page }) => {
  const stamp = Date.now();
  await ingest(
    page,
    `Filters ${stamp}`,
    [
      `Priya: We decided to adopt Postgres ${stamp} for the event store.`,
      `Marcus: I will migrate the ${stamp} billing tables by Friday.`,
      `Lena: The ${stamp} security review must finish before launch.`,
    ].join("\n"),
  );
  await page.goto(`/review?q=${stamp}`);
  await expect(page.getByText("1–3 of 3").first()).toBeVisible();
  await page.getByLabel("Kind").selectOption("decision");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`kind=decision`));
  await expect(page.getByTestId("candidate")).toHaveCount(1);
  await expect(page.getByTestId("candidate")).toContainText("Postgres");
  await expect(page.getByText("1–1 of 1").first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Kind")).toHaveValue("decision");
  await expect(page.getByTestId("candidate")).toHaveCount(1);
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/review$/);

  // Speaker and source: each value says how many cards it leaves.
  await page.goto(`/review?q=${stamp}`);
  await expect(page.getByLabel("Speaker").getByRole("option", { name: "Marcus (1)" })).toHaveCount(1);
  await expect(page.getByLabel("Source").getByRole("option", { name: `Filters ${stamp} (3)` })).toHaveCount(1);
  await page.getByLabel("Speaker").selectOption("Marcus");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/speaker=Marcus/);
  await expect(page.getByTestId("candidate")).toHaveCount(1);
  await expect(page.getByTestId("candidate")).toContainText("billing tables");
  await page.reload();
  await expect(page.getByLabel("Speaker")).toHaveValue("Marcus");
});

test("j and k move the focus from card to card, and the card scrolls into view", async ({ page }) => {
  const stamp = Date.now();
  await ingest(
    page,
    `Keys ${stamp}`,
    [
      `Priya: We decided to rename the ${stamp} project to Atlas.`,
      `Marcus: The ${stamp} budget cannot exceed 20,000 dollars.`,
    ].join("\n"),
  );
  await page.goto(`/review?q=${stamp}&sort=time&dir=asc`);
  const cards = page.getByTestId("candidate");
  await expect(cards).toHaveCount(2);
  await page.keyboard.press("j");
  await expect(cards.nth(1)).toBeFocused();
  await page.keyboard.press("k");
  await expect(cards.nth(0)).toBeFocused();
  await page.keyboard.press("r");
  // The reasons open with the first one focused: Enter takes it.
  await expect(page.getByRole("toolbar", { name: "Reject with a reason" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Rejected", { exact: true })).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(cards.nth(0)).toBeFocused();
});

test("edit shows the change against the extracted text; a number key approves as that kind; ? lists the keys", async ({
  page,
}) => {
  const stamp = Date.now();
  await ingest(
    page,
    `Edits ${stamp}`,
    [
      `Priya: We decided to freeze the ${stamp} schema on Monday.`,
      `Marcus: The ${stamp} export must stay under ten megabytes.`,
    ].join("\n"),
  );
  await page.goto(`/review?q=${stamp}`);
  const freeze = page.getByRole("listitem", { name: /freeze the/ });
  await freeze.getByRole("button", { name: "Edit" }).click();
  await freeze.getByLabel("Fact text").fill(`The team freezes the ${stamp} schema on Monday.`);
  await expect(freeze.getByLabel("Changes to the extracted text")).toContainText("freezes");
  await expect(freeze.locator("del")).toContainText("decided to freeze");
  await freeze.getByLabel("Kind").selectOption("constraint");
  await freeze.getByRole("button", { name: "Save and approve" }).click();
  await expect(page.getByText("Approved — added to Facts")).toBeVisible();

  await page.keyboard.press("Shift+Slash");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toContainText("Approve with the n-th kind");
  await page.keyboard.press("Escape");
  await expect(help).toHaveCount(0);

  await page.getByRole("listitem", { name: /export must stay/ }).click();
  await page.keyboard.press("1"); // the first kind of the list: Decision
  // The first approval's toast may still show: this one is told apart by the card it names.
  const toast = page.getByRole("listitem").filter({ hasText: "Approved — added to Facts" });
  await expect(toast.filter({ hasText: "export must stay" })).toBeVisible();

  await page.goto(`/facts?q=${stamp}`);
  await expect(page.getByTestId("fact").filter({ hasText: "freezes" })).toContainText("constraint");
  await expect(page.getByTestId("fact").filter({ hasText: "export" })).toContainText("decision");
});

test("a decision can be undone from its toast or with u, and from the candidate's history", async ({ page }) => {
  const stamp = Date.now();
  await ingest(page, `Undo ${stamp}`, `Priya: We decided to archive the ${stamp} wiki in June.`);
  await page.goto(`/review?q=${stamp}`);
  const card = page.getByRole("listitem", { name: /archive the/ });
  await card.click();
  await page.keyboard.press("a");
  await expect(page.getByText("Approved — added to Facts")).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.keyboard.press("u");
  await expect(page.getByText("Undone: the candidate is back in the queue")).toBeVisible();
  await expect(card).toHaveCount(1);
  await page.goto(`/facts?q=${stamp}`);
  await expect(page.getByTestId("fact")).toHaveCount(0);

  await page.goto(`/review?q=${stamp}`);
  await card.getByRole("button", { name: "Reject" }).click();
  await card.getByRole("button", { name: "Too vague" }).click();
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(page.getByText("Undone: the candidate is back in the queue")).toBeVisible();
  await expect(card).toHaveCount(1);
  // The toast became "Undone" in place: it no longer offers to undo, nor names the card as decided.
  await expect(page.getByRole("button", { name: "Undo", exact: true })).toHaveCount(0);

  const id = await card.getAttribute("data-candidate-id");
  await page.goto(`/review/${id}`);
  await expect(page.getByRole("list", { name: "History" })).toContainText("Approved");
  await expect(page.getByRole("list", { name: "History" })).toContainText("Rejected");
  await expect(page.getByRole("list", { name: "History" })).toContainText("Undone");
});

test("single-key shortcuts can be switched off in Settings, and then no key acts on its own", async ({ page }) => {
  const stamp = Date.now();
  await ingest(page, `Quiet ${stamp}`, `Priya: We decided to retire the ${stamp} dashboard in May.`);
  const toggle = async (on: boolean) => {
    await page.goto("/settings");
    const box = page.getByLabel(/Single-key shortcuts in the review queue/);
    await expect(box).toBeEnabled();
    await box.setChecked(on);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
  };
  await toggle(false);
  try {
    await page.goto(`/review?q=${stamp}`);
    const card = page.getByRole("listitem", { name: /retire the/ });
    await card.click();
    await page.keyboard.press("a");
    await expect(page.getByText("Keys:")).toHaveCount(0);
    await page.reload();
    await expect(card).toHaveCount(1);
  } finally {
    await toggle(true);
  }
});

test("bulk: select with x and shift-click, the button says how many, gated cards are left out", async ({ page }) => {
  const stamp = Date.now();
  await ingest(
    page,
    `Bulk ${stamp}`,
    [
      `Priya: We decided to open the ${stamp} Lisbon office on March 3.`,
      `Marcus: The ${stamp} office budget is 20,000 euros.`,
      `Lena: The ${stamp} office budget is 30,000 euros.`,
    ].join("\n"),
  );
  await page.goto(`/review?q=${stamp}&sort=time&dir=asc`);
  const cards = page.getByTestId("candidate");
  await expect(cards).toHaveCount(3);
  await cards.nth(0).getByRole("checkbox", { name: "Select this card" }).click();
  await cards
    .nth(2)
    .getByRole("checkbox", { name: "Select this card" })
    .click({ modifiers: ["Shift"] });
  const bar = page.getByRole("region", { name: "Selection" });
  await expect(bar).toContainText("3 selected");
  // One of the two budgets contradicts the other and is gated: a bulk approval leaves it for a look.
  await expect(bar.getByRole("button", { name: "Approve 2 (1 gated left out)" })).toBeVisible();
  await bar.getByRole("button", { name: "Clear" }).click();
  await expect(bar).toHaveCount(0);

  await page.getByRole("listitem", { name: /Lisbon/ }).click();
  await page.keyboard.press("x");
  await expect(bar).toContainText("1 selected");
  // A bulk rejection asks why, and for a second click that says how many.
  await bar.getByRole("button", { name: "Reject 1…" }).click();
  const confirm = bar.getByRole("form", { name: "Reject the selection" });
  await expect(confirm.getByLabel("Reject 1 card as")).toBeFocused();
  await confirm.getByLabel("Reject 1 card as").selectOption("Wrong");
  await confirm.getByRole("button", { name: "Reject 1", exact: true }).click();
  await expect(page.getByText("Rejected 1 card")).toBeVisible();
  await expect(cards).toHaveCount(2);
  const rejected = await page.request.get("/api/candidates?status=rejected&limit=100");
  const lisbon = ((await rejected.json()) as { candidates: Array<{ content: string; rejectReason: string }> })
    .candidates;
  expect(lisbon.find((c) => c.content.includes(`${stamp} Lisbon`))?.rejectReason).toBe("Wrong");
});

test("two reviewers on one card: the second is told who decided, and nothing is doubled", async ({ page, browser }) => {
  const stamp = Date.now();
  await ingest(page, `Twins ${stamp}`, `Priya: We decided to sunset the ${stamp} beta in April.`);
  const other = await browser.newPage();
  // The second reviewer's clock stands still until told: their queue cannot poll before they click.
  await other.clock.install();
  await other.goto(`/review?q=${stamp}`);
  await page.goto(`/review?q=${stamp}`);
  const mine = page.getByRole("listitem", { name: /sunset the/ });
  const theirs = other.getByRole("listitem", { name: /sunset the/ });
  await expect(theirs).toHaveCount(1);

  await mine.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByText("Approved — added to Facts")).toBeVisible();
  await theirs.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(
    other
      .getByRole("listitem")
      .filter({ hasText: "Not saved: This candidate was already approved by Local reviewer." }),
  ).not.toHaveCount(0);
  await expect(theirs).toHaveCount(0);

  await page.goto(`/facts?q=${stamp}`);
  await expect(page.getByTestId("fact")).toHaveCount(1);

  await other.close();
});

test("an open queue shows what another reviewer decided, without a reload", async ({ page, browser }) => {
  const stamp = Date.now();
  await ingest(page, `Live ${stamp}`, `Marcus: The ${stamp} API must keep version 1 until June.`);
  const other = await browser.newPage();
  await other.goto(`/review?q=${stamp}`);
  const theirs = other.getByRole("listitem", { name: /keep version 1/ });
  await expect(theirs).toHaveCount(1);
  await page.goto(`/review?q=${stamp}`);
  await page
    .getByRole("listitem", { name: /keep version 1/ })
    .getByRole("button", { name: "Reject" })
    .click();
  await page.getByRole("button", { name: "Not a fact" }).click();
  await expect(page.getByText("Rejected", { exact: true })).toBeVisible();
  // No reload on the other page: its queue polls, sees the change and fetches itself again.
  await expect(theirs).toHaveCount(0);
  await other.close();
});

test("m merges a repeat into the approved fact: one fact, with both meetings as its sources", async ({ page }) => {
  const stamp = Date.now();
  const line = `We decided to move the ${stamp} launch to October.`;
  await ingest(page, `Merge A ${stamp}`, `Priya: ${line}`);
  await page.goto(`/review?q=${stamp}`);
  await page.getByRole("listitem", { name: /launch to October/ }).click();
  await page.keyboard.press("a");
  await expect(page.getByText("Approved — added to Facts")).toBeVisible();

  await ingest(page, `Merge B ${stamp}`, `Marcus: As agreed, ${line}`);
  await page.goto(`/review?q=${stamp}`);
  const repeat = page.getByRole("listitem", { name: /launch to October/ });
  await expect(repeat.getByRole("button", { name: "Merge into existing" })).toBeVisible();
  await repeat.click();
  await page.keyboard.press("m");
  await expect(page.getByText("Merged into the existing fact")).toBeVisible();
  await expect(page.getByTestId("candidate")).toHaveCount(0);

  await page.goto(`/facts?q=${stamp}`);
  const fact = page.getByTestId("fact");
  await expect(fact).toHaveCount(1);
  await expect(fact.getByRole("link", { name: `Merge A ${stamp}` })).toBeVisible();
  await expect(fact.getByRole("link", { name: `Merge B ${stamp}` })).toBeVisible();
});

test("approve as related keeps both facts and links them", async ({ page }) => {
  const stamp = Date.now();
  await ingest(page, `Related A ${stamp}`, `Priya: We decided that the ${stamp} offline mode ships.`);
  await page.goto(`/review?q=${stamp}`);
  await page
    .getByRole("listitem", { name: /offline mode ships/ })
    .getByRole("button", { name: "Approve", exact: true })
    .click();
  await expect(page.getByText("Approved — added to Facts")).toBeVisible();

  await ingest(page, `Related B ${stamp}`, `Marcus: We decided that the ${stamp} offline mode ships by Q3.`);
  await page.goto(`/review?q=${stamp}`);
  const card = page.getByRole("listitem", { name: /by Q3/ });
  await expect(card).toContainText("Related to");
  await card.getByRole("button", { name: "Approve as related" }).click();
  await expect(page.getByText("Approved — linked to the related fact")).toBeVisible();
  await page.goto(`/facts?q=${stamp}`);
  await expect(page.getByTestId("fact")).toHaveCount(2);
});
