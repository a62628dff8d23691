import { expect, test } from "@playwright/test";
import { clearSeeded, ingestByApi, seedTwentyCards } from "./queue-seed";

test.afterEach(({ request }) => clearSeeded(request));

// A dense meeting keeps every candidate: the ranked queue opens on its top 20 and folds the rest behind one
// button (key o), and the keyboard walks on into the opened tail.
test("the ranked queue opens on the top 20, says how many more wait, and o opens them", async ({ page, request }) => {
  const tag = `fold${Date.now()}`;
  await seedTwentyCards(request, tag);
  await ingestByApi(request, `Fold extra ${tag}`, [
    `Omar: We decided to paint the ${tag} lobby green.`,
    `Aiko: The ${tag} parking permit must be renewed every March.`,
  ]);
  await page.goto(`/review?q=${tag}`);
  await expect(page.getByTestId("candidate")).toHaveCount(20);
  const more = page.getByRole("button", { name: /^2 more, lower-ranked/ });
  await expect(more).toBeVisible();
  // The progress counts every card, folded ones too: nothing is hidden in silence.
  await expect(page.getByLabel("Progress")).toHaveText(/^1 of 22 /);

  await expect(page.getByTestId("candidate").first()).toBeFocused();
  await page.keyboard.press("o");
  await expect(page.getByTestId("candidate")).toHaveCount(22);
  await expect(more).toHaveCount(0);
  for (let i = 0; i < 21; i++) await page.keyboard.press("j");
  await expect(page.getByTestId("candidate").last()).toBeFocused();

  // The opened tail stays open through a decision and a reload: the queue answers with all of it.
  await page.keyboard.press("a");
  await expect(page.getByRole("listitem").filter({ hasText: "Approved — added to Facts" })).toBeVisible();
  await expect(page.getByTestId("candidate")).toHaveCount(21);
  await page.reload();
  await expect(page.getByTestId("candidate")).toHaveCount(21);
  await expect(page.getByRole("button", { name: /more, lower-ranked/ })).toHaveCount(0);
});

// A reviewer quicker than the queue's poll decides the top cards down to the last few: the page asks for the next
// ones at once, so there is always a card to decide. The poll's stamp is refused here, so only that can refill it.
test("decided down to its last few cards, the ranked page refills without waiting for the poll", async ({
  page,
  request,
}) => {
  const tag = `refill${Date.now()}`;
  await seedTwentyCards(request, tag);
  await ingestByApi(request, `Refill extra ${tag}`, [
    `Omar: We decided to paint the ${tag} lobby green.`,
    `Aiko: The ${tag} parking permit must be renewed every March.`,
    `Lena: The ${tag} canteen must close at three on Fridays.`,
    `Marcus: I will book the ${tag} offsite venue by Monday.`,
  ]);
  await page.route("**/api/queue/stamp**", (route) => route.abort());
  await page.goto(`/review?q=${tag}`);
  await expect(page.getByTestId("candidate")).toHaveCount(20);
  await expect(page.getByRole("button", { name: /^4 more, lower-ranked/ })).toBeVisible();
  await expect(page.getByTestId("candidate").first()).toBeFocused();

  for (let i = 0; i < 16; i++) await page.keyboard.press("a");
  // 24 cards, 16 approved: the 8 left, the folded ones among them, are on the page with nothing folded.
  await expect(page.getByTestId("candidate")).toHaveCount(8);
  await expect(page.getByRole("button", { name: /more, lower-ranked/ })).toHaveCount(0);
});
