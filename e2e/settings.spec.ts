import { expect, test } from "@playwright/test";

test("custom kinds saved in Settings become a preset on the Ingest page", async ({ page }) => {
  await page.goto("/settings");
  const kinds = page.getByLabel("Custom kinds");
  await kinds.fill("risk - missing colon");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText('Line 1: write it as "id: definition"').first()).toBeVisible();

  await kinds.fill("risk: Something that could make the project fail\nopen_question: A question nobody answered yet");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  // The saved values are the form's new baseline: nothing is left to save.
  await expect(page.getByRole("button", { name: "Save settings" })).toBeDisabled();
  await expect(page.getByText("No changes to save")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Custom kinds")).toHaveValue(/risk: Something that could make the project fail/);

  await page.goto("/ingest");
  await page.getByLabel("Preset").selectOption("custom");
  await expect(page.getByText("Risk, Open question")).toBeVisible();
});

test("inconsistent thresholds are refused with the field named, and nothing is saved", async ({ page }) => {
  await page.goto("/settings");
  await page.getByLabel("Related at score ≥").fill("0.9");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("related must be below duplicate").first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Related at score ≥")).not.toHaveValue("0.9");
});

test("an emptied or out-of-range number is refused in the browser, and nothing is saved", async ({ page }) => {
  const actionCalls: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.headers()["next-action"]) actionCalls.push(request.url());
  });
  await page.goto("/settings");
  const minConfidence = page.getByLabel("Gate below confidence");
  const limit = page.getByLabel("Known facts sent to the model");
  const [oldConfidence, oldLimit] = [await minConfidence.inputValue(), await limit.inputValue()];
  await minConfidence.fill("1.5");
  await limit.fill("");
  await page.getByRole("button", { name: "Save settings" }).click();

  await expect(minConfidence).toHaveAccessibleDescription("Enter 1 or less");
  await expect(minConfidence).toHaveAttribute("aria-invalid", "true");
  await expect(minConfidence).toBeFocused();
  await expect(limit).toHaveAccessibleDescription("Enter a number");
  expect(actionCalls).toEqual([]);

  // Once submitted, each field is re-checked as it changes: a corrected value drops its message.
  await limit.fill("12");
  await expect(limit).not.toHaveAttribute("aria-invalid");

  await page.reload();
  await expect(minConfidence).toHaveValue(oldConfidence);
  await expect(limit).toHaveValue(oldLimit);
});
