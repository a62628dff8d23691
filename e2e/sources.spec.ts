import { expect, test } from "@playwright/test";

// The source view: the transcript with its times and speakers, every extracted span marked by status.
test("a source shows its transcript with times, each span coloured by status and opening its candidate", async ({
  page,
}) => {
  const stamp = Date.now();
  const vtt = [
    "WEBVTT",
    "",
    "00:00:02.000 --> 00:00:05.000",
    `<v Priya>We decided to move the ${stamp} retro to Wednesdays.</v>`,
    "",
    "00:01:05.000 --> 00:01:09.000",
    `<v Marcus>The ${stamp} retro snacks cost 300 dollars a month.</v>`,
    "",
    "00:02:10.000 --> 00:02:14.000",
    `<v Lena>I will reserve the ${stamp} meeting rooms for Thursday.</v>`,
  ].join("\n");
  await page.goto("/ingest");
  await page.getByLabel("Title").fill(`Spans ${stamp}`);
  await page.getByLabel("Transcript").fill(vtt);
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");

  await page.goto(`/review?q=${stamp}`);
  await page
    .getByRole("listitem", { name: /retro to Wednesdays/ })
    .getByRole("button", { name: "Approve", exact: true })
    .click();
  await expect(page.getByText("Approved — added to Facts")).toBeVisible();
  const budget = page.getByRole("listitem", { name: /retro snacks/ });
  await budget.getByRole("button", { name: "Reject" }).click();
  await budget.getByRole("button", { name: "Too vague" }).click();
  await expect(page.getByText("Rejected", { exact: true })).toBeVisible();
  const venue = page.getByRole("listitem", { name: /reserve the/ });
  const venueId = await venue.getAttribute("data-candidate-id");
  await venue.getByRole("link", { name: "Open in the source" }).click();

  const transcript = page.getByRole("region", { name: "Transcript" });
  await expect(transcript).toContainText("00:01:05");
  await expect(transcript).toContainText("Marcus: ");
  // Stored as the pasted VTT, shown as it reads: no header, timing lines or voice tags.
  await expect(transcript).not.toContainText("WEBVTT");
  await expect(transcript).not.toContainText("-->");
  await expect(transcript).not.toContainText("<v ");
  await expect(transcript.getByRole("link", { name: /retro to Wednesdays/ })).toHaveAttribute("title", /^approved/);
  await expect(transcript.getByRole("link", { name: /retro snacks/ })).toHaveAttribute("title", /^rejected/);
  const pending = transcript.getByRole("link", { name: /reserve the/ });
  await expect(pending).toHaveAttribute("title", /^pending/);
  // Its anchor is its offset in the text as sent (a form sends a textarea's line breaks as CRLF, and the
  // text is stored as sent): that text sliced there gives the marked words.
  const at = Number((await pending.getAttribute("id"))?.replace(/^at-/, ""));
  const words = (await pending.textContent()) ?? "";
  expect(words).toContain("reserve the");
  expect(vtt.replace(/\n/g, "\r\n").slice(at, at + words.length)).toBe(words);
  await pending.click();
  await expect(page).toHaveURL(new RegExp(`/review/${venueId}$`));
  await expect(page.getByText(`From Spans ${stamp}`)).toBeVisible();
});

// Nothing dropped in silence: what the offline extractor ranks under its floor is counted on the run and the source.
test("the run and its source say how many low-ranked sentences the extractor left out", async ({ page }) => {
  const stamp = Date.now();
  const transcript = [
    `Ann: We decided to drop the ${stamp} Android beta.`,
    "Bo: The security review must finish before the launch in March.",
    "Bo: It was kind of a weird thing with the other stuff, I guess, maybe.",
    "Ann: That sounds like a lot of stuff and things for the people there.",
    "Bo: I think it might be sort of the case for some of the people somehow.",
  ].join("\n");
  await page.goto("/ingest");
  await page.getByLabel("Title").fill(`Left out ${stamp}`);
  await page.getByLabel("Transcript").fill(transcript);
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");
  await expect(page.getByText(/^[1-9]\d* low-ranked sentences? left out \(below 0\.2\)$/)).toBeVisible();

  await page.goto(`/review?q=${stamp}`);
  await page
    .getByRole("listitem", { name: /Android beta/ })
    .getByRole("link", { name: "Open in the source" })
    .click();
  await expect(page.getByText(/^[1-9]\d* low-ranked sentences? left out \(below 0\.2\)$/)).toBeVisible();
});
