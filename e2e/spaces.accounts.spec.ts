import { expect, test, type Page } from "@playwright/test";
import { violations } from "./axe";

// Roles per space in the browser (issue 27): the instance admin makes a space, puts a reviewer in it and out of
// the default space; the reviewer sees only their space, and the default space's pages, cards and API answer
// them as things that do not exist.

const ADMIN = { name: "Ada Admin", email: "ada@sift.test", password: "admin-password-42" };
const MO = { name: "Mo Mobile", email: "mo@sift.test", password: "mobile-password-42" };

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The admin, signed in (made first when this spec runs on a fresh instance alone). */
async function asAdmin(page: Page) {
  await page.goto("/login");
  if (page.url().endsWith("/setup")) {
    await page.getByLabel("Name").fill(ADMIN.name);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Create the admin" }).click();
    await expect(page).toHaveURL(/\/$/);
  } else {
    await signIn(page, ADMIN);
  }
}

test("a reviewer of one space sees only it; the default space's pages and API are not there for them", async ({
  page,
  browser,
}) => {
  await asAdmin(page);
  await page.goto("/admin");
  const spaces = page.getByRole("form", { name: "New space" });
  await spaces.getByLabel("Space name").fill("Mobile");
  await spaces.getByLabel("Short name in links").fill("mobile");
  await spaces.getByRole("button", { name: "Create space" }).click();
  await expect(page.getByRole("table", { name: "Spaces" })).toContainText("Mobile");
  const users = page.getByRole("form", { name: "Add a user" });
  await users.getByLabel("Name").fill(MO.name);
  await users.getByLabel("Email").fill(MO.email);
  await users.getByLabel("Initial password").fill(MO.password);
  await users.getByLabel("Role").selectOption("reviewer");
  await users.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("list", { name: "Users" })).toContainText(MO.email);

  // Mo into Mobile as a reviewer, and out of the default space he was added to.
  await page.getByRole("link", { name: "Members of Mobile" }).click();
  await expect(page.getByRole("heading", { name: "Members of Mobile" })).toBeVisible();
  const add = page.getByRole("form", { name: "Add a member" });
  await add.getByLabel("Person").selectOption({ label: `${MO.name} (${MO.email})` });
  await add.getByLabel("Role").selectOption("reviewer");
  await add.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByLabel(`Role of ${MO.name}`)).toHaveValue("reviewer");
  expect(await violations(page)).toEqual([]);
  await page.goto("/members");
  await expect(page.getByRole("heading", { name: "Members of Default" })).toBeVisible();
  await page.getByRole("button", { name: `Remove ${MO.name}` }).click();
  await expect(page.getByRole("table", { name: "Members" })).not.toContainText(MO.email);

  // Something of the default space to look for.
  await page.goto("/ingest");
  await page.getByLabel("Title").fill("Billing sync");
  await page.getByLabel("Transcript").fill("Lin: We decided to launch billing v2 on October 22nd.");
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");
  const open = await page.request.get("/api/candidates?status=open&q=billing");
  const billing = ((await open.json()) as { candidates: Array<{ id: string }> }).candidates[0]?.id;
  expect(billing).toBeTruthy();

  // Mo, in a browser of his own: his one space, no switcher, no admin pages.
  const context = await browser.newContext();
  const mo = await context.newPage();
  await signIn(mo, MO);
  await expect(mo.getByLabel("Space")).toHaveCount(0);
  // …but the sidebar names the space he is in, and so does the top bar on a phone with its menu closed.
  await expect(mo.getByText("Space Mobile")).toBeVisible();
  await mo.setViewportSize({ width: 390, height: 844 });
  await expect(mo.getByRole("banner").getByText("Mobile")).toBeVisible();
  await mo.screenshot({ path: test.info().outputPath("mo-390.png") });
  await mo.setViewportSize({ width: 1280, height: 800 });
  const nav = mo.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Review" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Members" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Users and tokens" })).toHaveCount(0);

  // He adds a meeting: it lands in Mobile, the only space he has.
  await nav.getByRole("link", { name: "Ingest" }).click();
  await mo.getByLabel("Title").fill("Mobile sync");
  await mo.getByLabel("Transcript").fill("Ana: We decided to ship the Android beta on May 4th.");
  await mo.getByRole("button", { name: "Extract" }).click();
  await expect(mo.getByRole("status")).toContainText("Extraction finished");
  await nav.getByRole("link", { name: "Review" }).click();
  await expect(mo.getByRole("listitem").filter({ hasText: "Android beta" })).toBeVisible();
  await expect(mo.getByText("billing v2")).toHaveCount(0);

  // The default space's queue, its card and its API: as if they did not exist.
  for (const path of ["/review?space=default", `/review/${billing}`, "/facts?space=default"]) {
    const response = await mo.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(mo.getByText("billing v2")).toHaveCount(0);
  }
  const api = await mo.request.get("/api/facts?space=default");
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ code: "NOT_FOUND", message: 'No space named "default".' });
  const approve = await mo.request.post(`/api/candidates/${billing}/approve?space=mobile`, { data: { version: 1 } });
  expect(approve.status()).toBe(404);

  // The admin sees both spaces, and Mobile's card among Mobile's.
  await page.goto("/review?space=mobile");
  await expect(page.getByRole("listitem").filter({ hasText: "Android beta" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/members?space=mobile");
  await expect(page.getByLabel(`Role of ${MO.name}`)).toBeVisible();
  await context.close();
});
