import { expect, test, type Page } from "@playwright/test";
import { violations } from "./axe";

// The accounts mode in the browser (a server started with SIFT_AUTH=accounts on a fresh database): the first
// visitor creates the admin, the admin adds a viewer, and the viewer can read the queue but decide nothing.

const ADMIN = { name: "Ada Admin", email: "ada@sift.test", password: "admin-password-42" };
const VIEWER = { name: "Vic Viewer", email: "vic@sift.test", password: "viewer-password-42" };

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
}

test("first run makes the admin, who adds a viewer; the viewer sees no approve button and is refused", async ({
  page,
  browser,
}) => {
  // Nobody yet: every page leads to the setup page, and the API answers 401.
  await page.goto("/review");
  await expect(page).toHaveURL(/\/setup$/);
  expect((await page.request.get("/api/facts")).status()).toBe(401);

  expect(await violations(page)).toEqual([]);
  await page.getByLabel("Name").fill(ADMIN.name);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Create the admin" }).click();
  // Signed in at once, as the admin: no second form to fill in.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("complementary")).toContainText(ADMIN.name);
  await expect(page.getByRole("link", { name: "Ingest your first transcript" })).toBeVisible();

  // The admin adds a viewer, who finds an empty fact base and is offered what a viewer can open.
  await page.goto("/admin");
  const form = page.getByRole("form", { name: "Add a user" });
  await form.getByLabel("Name").fill(VIEWER.name);
  await form.getByLabel("Email").fill(VIEWER.email);
  await form.getByLabel("Initial password").fill(VIEWER.password);
  await form.getByLabel("Role").selectOption("viewer");
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("list", { name: "Users" })).toContainText(VIEWER.email);

  // Setup is gone once someone can sign in; a wrong password is told so. (Sign-ins are rate limited: this
  // test keeps to the few it needs.)
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await viewer.goto("/setup");
  await expect(viewer).toHaveURL(/\/login$/);
  expect(await violations(viewer)).toEqual([]);
  await viewer.getByLabel("Email").fill(VIEWER.email);
  await viewer.getByLabel("Password").fill("not-the-password");
  await viewer.getByRole("button", { name: "Sign in" }).click();
  await expect(viewer.getByRole("form", { name: "Sign in" }).getByRole("alert")).toContainText("do not match");
  await signIn(viewer, VIEWER);
  await expect(viewer.getByRole("heading", { name: "Nothing here yet" })).toBeVisible();
  await expect(viewer.getByRole("link", { name: "Open the fact base" })).toBeVisible();
  await expect(viewer.getByRole("link", { name: "Ingest your first transcript" })).toHaveCount(0);

  // The admin adds something to review.
  await page.goto("/ingest");
  await page.getByLabel("Title").fill("Roles standup");
  await page
    .getByLabel("Transcript")
    .fill(
      ["Rosa: We decided the vendor review moves to Thursdays.", "Ivo: The archive keeps records for ten years."].join(
        "\n",
      ),
    );
  await page.getByRole("button", { name: "Extract" }).click();
  await expect(page.getByRole("status")).toContainText("Extraction finished");

  // An agent token, shown once: it may add sources but not approve; its use shows in the list.
  await page.goto("/admin");
  await page.getByLabel("Token name").fill("standup agent");
  await page.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByLabel("New token").textContent())?.trim() ?? "";
  expect(token).toMatch(/^sift_/);
  const auth = { Authorization: `Bearer ${token}` };
  const added = await page.request.post("/api/sources", {
    headers: auth,
    data: { title: "Agent standup", text: "Noor: We decided the agent sync is on Mondays." },
  });
  expect(added.status()).toBe(202);
  const id = "00000000-0000-4000-8000-000000000000";
  const approve = await page.request.post(`/api/candidates/${id}/approve`, { headers: auth, data: { version: 1 } });
  expect(approve.status()).toBe(403);
  await page.reload();
  await expect(page.getByRole("row", { name: /standup agent/ })).not.toContainText("never");
  await expect(page.getByLabel("New token")).toHaveCount(0);

  // The admin's queue, rendered with its buttons, kept open for later.
  await page.goto("/review?q=vendor");
  const card = page.getByRole("listitem").filter({ hasText: "vendor review" });
  await expect(card.getByRole("button", { name: "Approve", exact: true })).toBeVisible();

  // The viewer, in a browser of their own.
  await viewer.goto("/");
  await expect(viewer.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" })).toHaveCount(0);
  await viewer.goto("/review?q=vendor");
  await expect(viewer.getByRole("listitem").filter({ hasText: "vendor review" })).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Approve", exact: true })).toHaveCount(0);
  await viewer.goto("/settings");
  await expect(viewer.getByRole("heading", { name: "Your role cannot open that page" })).toBeVisible();

  // The server refuses what the button would do: the admin's open page, now carrying the viewer's session.
  await page.context().clearCookies();
  await page.context().addCookies(await viewerContext.cookies());
  await card.getByRole("button", { name: "Approve", exact: true }).click();
  // Refused: the card comes back and says why.
  await expect(card.getByRole("alert")).toContainText("A viewer may not review, approve or edit.");
  await viewer.goto("/review?q=vendor");
  await expect(viewer.getByRole("listitem").filter({ hasText: "vendor review" })).toBeVisible();

  // Signed out, pages lead to the sign-in page again.
  await viewer.getByRole("button", { name: "Sign out" }).click();
  await expect(viewer).toHaveURL(/\/login$/);
  await viewer.goto("/facts");
  await expect(viewer).toHaveURL(/\/login$/);
  await viewerContext.close();
});
