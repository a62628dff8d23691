import { expect, test } from "@playwright/test";

// What a hostile page or network can try against a local Sift, and what it gets.

test("pages carry a Content Security Policy with a nonce, refuse framing, and still work under it", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/ingest");
  const headers = response?.headers() ?? {};
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");

  // Scripts run (the page is interactive): a paste is extracted and its candidate reviewed.
  const stamp = Date.now();
  await page.getByLabel("Title").fill(`CSP ${stamp}`);
  await page.getByLabel("Transcript").fill(`Priya: We decided to rotate the ${stamp} keys every month.`);
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");
  await page.goto(`/review?q=${stamp}`);
  await page.getByRole("listitem", { name: /rotate the/ }).click();
  await page.keyboard.press("a");
  await expect(page.getByText("Approved — added to Facts")).toBeVisible();
  expect(violations).toEqual([]);
});

test("a request for another host name is refused (DNS rebinding), naming the setting", async ({ request }) => {
  const response = await request.get("/review", { headers: { Host: "evil.example" } });
  expect(response.status()).toBe(421);
  expect(await response.text()).toContain('Sift does not answer to the host "evil.example"');
});

test("a server action posted from another site's page is refused with 403, and changes nothing", async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  await page.goto("/ingest");
  await page.getByLabel("Title").fill(`Forged ${stamp}`);
  await page.getByLabel("Transcript").fill(`Marcus: The ${stamp} budget is final.`);
  // Capture the real action request the page sends, then replay it with a foreign Origin.
  const sent = page.waitForRequest((r) => r.method() === "POST" && Boolean(r.headers()["next-action"]));
  await page.getByRole("button", { name: "Extract" }).click();
  const action = await sent;
  await expect(page.getByRole("status")).toContainText("Extraction finished");

  const replay = await request.post(action.url(), {
    headers: { ...action.headers(), origin: "http://evil.example" },
    data: action.postDataBuffer() ?? undefined,
  });
  expect(replay.status()).toBe(403);
  expect(await replay.text()).toContain("Cross-site request refused");
  await page.goto("/sources");
  await expect(page.getByTestId("source").filter({ hasText: `Forged ${stamp}` })).toHaveCount(1);
});
