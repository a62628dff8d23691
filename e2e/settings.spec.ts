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
