import path from "node:path";
import { expect, test } from "@playwright/test";

const fixture = (name: string) => path.join(import.meta.dirname, "..", "lib", "sources", "__fixtures__", name);

test("an uploaded Teams VTT is stored as one transcript with its speakers", async ({ page }) => {
  await page.goto("/ingest");
  await page.getByLabel("Title").fill("Teams call upload");
  await page.locator("input[type=file]").setInputFiles(fixture("teams.vtt"));
  await expect(page.getByText("teams.vtt")).toBeVisible();
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");

  await page.getByRole("link", { name: "Sources" }).click();
  const row = page.getByTestId("source").filter({ hasText: "Teams call upload" });
  await expect(row).toContainText("vtt");
  await row.getByRole("link", { name: "Teams call upload" }).click();
  await expect(page.getByRole("heading", { name: "Teams call upload" })).toBeVisible();
  // The speakers come from the VTT voice tags; the file is stored as given and shown one "Speaker: words" row a turn.
  await expect(page.getByText(/teams\.vtt · vtt · Priya Sharma, Jonas Weber/)).toBeVisible();
  await expect(page.getByText(/^Priya Sharma: /m).first()).toBeVisible();
});

test("a binary file is refused with a clear message, nothing is saved and the form keeps its text", async ({
  page,
}) => {
  await page.goto("/sources");
  const before = await page.getByTestId("source").count();
  await page.goto("/ingest");
  await page.getByLabel("Title").fill("Should not be saved");
  await page.locator("input[type=file]").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x01,
    ]),
  });
  // Refused as soon as it is chosen, beside the button, before anyone presses Extract.
  await expect(page.getByRole("alert").filter({ hasText: /notes\.txt: This looks like a binary file/ })).toBeVisible();
  await expect(page.getByText("txt, md, VTT, SRT or JSON chat export")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Should not be saved");
  await page.goto("/sources");
  await expect(page.getByTestId("source")).toHaveCount(before);
});

test("a file over the size limit is refused as soon as it is chosen, before it is uploaded", async ({ page }) => {
  await page.goto("/ingest");
  const big = Buffer.alloc(5 * 1024 * 1024 + 10, "a");
  await page.getByLabel("Upload a file").setInputFiles({ name: "huge.txt", mimeType: "text/plain", buffer: big });
  await expect(page.getByRole("alert").filter({ hasText: "huge.txt is 5.1 MB; the limit is 5 MB." })).toBeVisible();
});

test("a paste over the size limit is refused with Sift's message before it is sent, and stays in the box", async ({
  page,
}) => {
  await page.goto("/sources");
  const before = await page.getByTestId("source").count();
  await page.goto("/ingest");
  // 5.5 MB against the default 5 MB limit; set at once, since typing megabytes into a textarea is slow.
  const pasted = await page.getByLabel("Transcript").evaluate((textarea: HTMLTextAreaElement) => {
    const line = "Priya: We decided to ship offline mode by end of Q3.\n";
    const size = 5.5 * 1024 * 1024;
    textarea.value = line.repeat(Math.ceil(size / line.length)).slice(0, size);
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
    return textarea.value.length;
  });
  const actions: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") actions.push(request.url());
  });
  await page.getByRole("button", { name: "Extract" }).click();

  const message = "The pasted text is 5.5 MB; the limit is 5 MB.";
  await expect(page.getByLabel("Transcript")).toHaveAccessibleDescription(message);
  await expect(page.getByLabel("Transcript")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(message).first()).toBeVisible();
  expect(await page.getByLabel("Transcript").evaluate((t: HTMLTextAreaElement) => t.value.length)).toBe(pasted);
  expect(actions).toEqual([]);
  await page.goto("/sources");
  await expect(page.getByTestId("source")).toHaveCount(before);
});
