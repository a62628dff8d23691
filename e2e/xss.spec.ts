import { expect, test } from "@playwright/test";

// Markup typed into a transcript, a fact or a search box is shown as text on every page, never run.
test("script and event-handler payloads render inert in the queue, the source, the facts and search", async ({
  page,
}) => {
  const stamp = Date.now();
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const img = `<img src=x onerror="alert('img${stamp}')">`;
  const script = `<script>alert('script${stamp}')</script>`;
  await page.goto("/ingest");
  await page.getByLabel("Title").fill(`XSS ${stamp} ${img}`);
  await page
    .getByLabel("Transcript")
    .fill(
      [
        `Priya: We decided the ${stamp} banner text is ${img} for now.`,
        `Marcus: The ${stamp} footer must say ${script} exactly.`,
      ].join("\n"),
    );
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");

  await page.goto(`/review?q=${stamp}`);
  const banner = page.getByRole("listitem", { name: /banner text/ });
  await expect(banner).toContainText(`onerror="alert('img${stamp}')"`);
  const source = (await banner.getByRole("link", { name: "Open in the source" }).getAttribute("href"))!;
  await banner.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Approved — added to Facts" })).toBeVisible();

  await page.goto("/facts/new");
  await page.getByLabel("Fact", { exact: true }).fill(`The ${stamp} motto is ${script}`);
  await page.getByRole("button", { name: "Add fact" }).click();
  await expect(page.getByRole("region", { name: "Fact" })).toContainText(script);

  for (const path of [
    `/review?q=${stamp}`,
    source,
    `/facts?q=${stamp}`,
    `/facts?q=${encodeURIComponent(img)}`,
    `/review?q=${encodeURIComponent(script)}`,
  ]) {
    await page.goto(path);
    await expect(page.locator("main")).toBeVisible();
    // The payloads are text: no element was made from them, and nothing ran.
    expect(await page.locator('img[src="x"]').count(), path).toBe(0);
    const scripts = await page.locator("script").evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ""));
    expect(
      scripts.filter((s) => s.includes(`alert('script${stamp}')`) && !s.includes("self.__next_f")),
      path,
    ).toEqual([]);
  }
  expect(dialogs).toEqual([]);
});
