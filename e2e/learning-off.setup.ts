import { expect, test as setup } from "@playwright/test";

/**
 * The specs share one fact base and decide cards to test the queue, not to teach it: a model learned from those
 * decisions would move the gates the specs assert (lib/learning). Learning is switched off for their server here,
 * once, through Settings as an admin would; tests/learning/queue-learns.test.ts covers what learning does.
 */
setup("the shared e2e fact base learns nothing from the specs' decisions", async ({ page }) => {
  await page.goto("/settings");
  const learn = page.getByLabel(/Learn from this team's decisions/);
  await expect(learn).toBeEnabled();
  await learn.setChecked(false);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  await page.reload();
  await expect(learn).not.toBeChecked();
  await expect(page.getByText(/The shipped confidence serves/)).toBeVisible();
});
