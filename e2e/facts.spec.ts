import { expect, test } from "@playwright/test";

test("the fact base is searched by words even misspelt, filtered, and the search lives in the URL", async ({
  page,
}) => {
  const stamp = Date.now();
  await page.goto("/ingest");
  await page.getByLabel("Title").fill(`Facts ${stamp}`);
  await page
    .getByLabel("Transcript")
    .fill(
      [
        `Priya: We decided the ${stamp} kiosk deadline is the end of March.`,
        `Marcus: The ${stamp} kiosk must run without a network connection.`,
      ].join("\n"),
    );
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");
  await page.goto(`/review?q=${stamp}`);
  for (const name of [/kiosk deadline/, /without a network/]) {
    await page.getByRole("listitem", { name }).getByRole("button", { name: "Approve", exact: true }).click();
    // The card leaves at once; its toast says the approval is stored.
    const toast = page.getByRole("listitem").filter({ hasText: "Approved — added to Facts" });
    await expect(toast.filter({ hasText: name })).toBeVisible();
  }

  await page.goto("/facts");
  await page.getByLabel("Search words").fill(`${stamp} kiosk dedline`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByTestId("fact").first()).toContainText("kiosk deadline");
  // The spelling searched for instead is said.
  await expect(page.getByRole("note")).toContainText(`Showing results for “${stamp} kiosk deadline”`);

  await page.goto(`/facts?q=${stamp}`);
  await expect(page.getByText("1–2 of 2").first()).toBeVisible();
  await page.getByLabel("Kind").selectOption("constraint");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/kind=constraint/);
  await expect(page.getByTestId("fact")).toHaveCount(1);
  await expect(page.getByTestId("fact")).toContainText("without a network");
  await page.reload();
  await expect(page.getByLabel("Kind")).toHaveValue("constraint");
  await expect(page.getByText("1–1 of 1").first()).toBeVisible();

  // Wildcard characters are searched for as themselves: they match nothing here, and nothing breaks.
  await page.goto("/facts?q=%25_%25");
  await expect(page.getByText("No facts match")).toBeVisible();
});

test("two people edit one fact: the second is told the newer text and keeps theirs; a version is restored", async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  await page.goto("/ingest");
  await page.getByLabel("Title").fill(`Edit ${stamp}`);
  await page.getByLabel("Transcript").fill(`Priya: We decided the ${stamp} beta closes on Friday.`);
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");
  await page.goto(`/review?q=${stamp}`);
  await page
    .getByRole("listitem", { name: /beta closes/ })
    .getByRole("button", { name: "Approve", exact: true })
    .click();
  await expect(page.getByText("Approved — added to Facts")).toBeVisible();
  await page.goto(`/facts?q=${stamp}`);
  await page
    .getByTestId("fact")
    .getByRole("link", { name: /beta closes/ })
    .click();
  await expect(page).toHaveURL(/\/facts\/[0-9a-f-]{36}$/);
  const url = page.url();

  const other = await browser.newPage();
  await other.goto(url);
  await page.getByRole("button", { name: "Edit" }).click();
  await other.getByRole("button", { name: "Edit" }).click();

  await page.getByLabel("Fact text").fill(`The ${stamp} beta closes on Monday.`);
  await expect(page.getByLabel("Changes to the fact")).toContainText("Monday");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved as version 2")).toBeVisible();

  await other.getByLabel("Fact text").fill(`The ${stamp} beta closes on Sunday.`);
  await other.getByRole("button", { name: "Save" }).click();
  await expect(other.getByRole("form", { name: "Edit this fact" }).getByRole("alert")).toContainText(
    `now version 2): "The ${stamp} beta closes on Monday."`,
  );
  await expect(other.getByLabel("Fact text")).toHaveValue(`The ${stamp} beta closes on Sunday.`);
  await other.close();

  await page.reload();
  await expect(page.getByRole("list", { name: "History" })).toContainText("v2 · Edited");
  await page.getByRole("button", { name: "Restore version 1" }).click();
  await expect(page.getByText("Version 1 restored as version 3")).toBeVisible();
  await expect(page.getByRole("list", { name: "History" })).toContainText("v3 · Restored");
  await expect(page.getByRole("region", { name: "Fact" })).toContainText("closes on Friday");
});

test("the current search downloads as CSV and Markdown, with its facts and their sources", async ({ page }) => {
  const stamp = Date.now();
  await page.goto("/ingest");
  await page.getByLabel("Title").fill(`Export ${stamp}`);
  await page.getByLabel("Transcript").fill(`Lena: We decided the ${stamp} archive stays read-only.`);
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");
  await page.goto(`/review?q=${stamp}`);
  await page
    .getByRole("listitem", { name: /archive stays/ })
    .getByRole("button", { name: "Approve", exact: true })
    .click();
  await expect(page.getByText("Approved — added to Facts")).toBeVisible();

  await page.goto(`/facts?q=${stamp}`);
  const exportLinks = page.getByLabel("Export");
  await expect(exportLinks).toContainText("Export 1 fact");
  for (const [label, expected] of [
    ["CSV", /^id,content,kind,/],
    ["Markdown", /^# Facts\n\n## decision\n\n- .*archive stays read-only/],
  ] as const) {
    const downloading = page.waitForEvent("download");
    await exportLinks.getByRole("link", { name: label }).click();
    const download = await downloading;
    const stream = await download.createReadStream();
    let text = "";
    for await (const chunk of stream) text += String(chunk);
    expect(text).toMatch(expected);
    expect(text).toContain(`Export ${stamp}`);
  }
});
