import { expect, test, type Page } from "@playwright/test";
import { candidatesOf, clearSeeded, ingestByApi, seedTwentyCards, type ApiCandidate } from "./queue-seed";

test.afterEach(({ request }) => clearSeeded(request));

// A reviewer clears a queue from the keyboard alone, without waiting for the server: every key acts on the
// card it was pressed on, in order, and the database says so afterwards.

const idle = (page: Page) =>
  expect(page.getByRole("list", { name: "Candidates" })).toHaveAttribute("aria-busy", "false");

/** The queue's cards as the page shows them: id and content, in order. */
const cardsOf = (page: Page) =>
  page
    .getByTestId("candidate")
    .evaluateAll((els) =>
      els.map((e) => ({ id: e.dataset.candidateId ?? "", content: e.getAttribute("aria-label") ?? "" })),
    );

test("a 20-card queue walked by keyboard faster than the server answers: each decision lands on its card", async ({
  page,
  request,
}) => {
  const tag = `walk${Date.now()}`;
  const { sources } = await seedTwentyCards(request, tag);
  await page.goto(`/review?q=${tag}&sort=source&dir=asc`);
  await expect(page.getByTestId("candidate")).toHaveCount(20);
  const cards = await cardsOf(page);
  const at = (fragment: string) => {
    const card = cards.find((c) => c.content.includes(fragment));
    if (!card) throw new Error(`no card says "${fragment}"`);
    return card;
  };
  expect(cards.findIndex((c) => c.content.includes("mascot"))).toBe(0);
  expect(cards.findIndex((c) => c.content.includes("public API"))).toBe(19);
  await expect(page.getByLabel("Progress")).toHaveText(/^1 of 20 · 0 approved · 0 rejected$/);

  // From the first card on, without a single wait for the server between keys.
  const keys = page.keyboard;
  await expect(page.getByTestId("candidate").first()).toBeFocused();
  await keys.press("a"); // mascot → approved
  await keys.press("e"); // allowance: edit, then approve with the reviewer's words
  await keys.press("ControlOrMeta+a");
  await keys.type(`The ${tag} travel allowance is capped at 900 euros.`);
  await keys.press("ControlOrMeta+Enter");
  await keys.press("m"); // kickoff, a repeat of an approved fact → merged
  await keys.press("r"); // kiosk: the third reason, by the arrows
  await keys.press("ArrowRight");
  await keys.press("ArrowRight");
  await keys.press("Enter");
  await keys.press("a"); // badges → approved
  await keys.press("r"); // penetration test: rejected, then undone, then approved as the third kind
  await keys.press("Enter");
  await keys.press("u");
  await keys.press("3");
  await keys.press("j"); // past invoices, to the forum
  await keys.press("a"); // forum → approved
  await keys.press("k"); // back to invoices: the editor opened and closed, then approved as it was
  await keys.press("e");
  await keys.press("Escape");
  await keys.press("a");
  await keys.press("r"); // release train: the arrows wrap round to the last reason
  await keys.press("ArrowLeft");
  await keys.press("Enter");
  await keys.press("a"); // style guide
  await keys.press("a"); // office (meeting B)
  await keys.press("r"); // legacy customers: "Wrong"
  await keys.press("ArrowDown");
  await keys.press("Enter");
  await keys.press("e"); // designers: edited
  await keys.press("ControlOrMeta+a");
  await keys.type(`The team hires two ${tag} designers in spring.`);
  await keys.press("ControlOrMeta+Enter");
  await keys.press("a"); // domain names
  await keys.press("a"); // backups: approved, undone, rejected
  await keys.press("u");
  await keys.press("r");
  await keys.press("Enter");
  await keys.press("m"); // design system, a repeat → merged
  await keys.press("1"); // demo laptop: approved as the first kind
  await keys.press("a"); // manual
  await keys.press("r"); // access logs: "Duplicate", three steps down
  await keys.press("ArrowDown");
  await keys.press("ArrowDown");
  await keys.press("ArrowDown");
  await keys.press("Enter");
  await keys.press("a"); // public API

  // Every decision answered (none refused: a refused card would be back in the list, saying why).
  await expect(page.getByText(/Saving \d+ decisions?…/)).toHaveCount(0);
  await expect(page.getByLabel("Progress")).toHaveText("20 of 20 · 13 approved · 2 merged · 5 rejected");
  await expect(page.getByText("Done: nothing left on this page")).toBeVisible();

  const stored = new Map<string, ApiCandidate>();
  for (const source of sources) for (const c of await candidatesOf(request, source)) stored.set(c.id, c);
  const state = (fragment: string) => {
    const c = stored.get(at(fragment).id);
    return c ? [c.status, c.rejectReason ?? c.kind] : null;
  };
  expect({
    mascot: state("mascot"),
    kickoff: state("kickoff"),
    kiosk: state("kiosk"),
    badges: state("badges"),
    invoices: state("invoices"),
    forum: state("forum"),
    release: state("release train"),
    guide: state("style guide"),
    office: state("office"),
    legacy: state("legacy customers"),
    domains: state("domain names"),
    backups: state("backups"),
    design: state("design system"),
    manual: state("manual"),
    logs: state("access logs"),
    api: state("public API"),
  }).toEqual({
    mascot: ["approved", expect.any(String)],
    kickoff: ["merged", expect.any(String)],
    kiosk: ["rejected", "Superseded"],
    badges: ["approved", expect.any(String)],
    invoices: ["approved", expect.any(String)],
    forum: ["approved", expect.any(String)],
    release: ["rejected", "Private"],
    guide: ["approved", expect.any(String)],
    office: ["approved", expect.any(String)],
    legacy: ["rejected", "Wrong"],
    domains: ["approved", expect.any(String)],
    backups: ["rejected", "Not a fact"],
    design: ["merged", expect.any(String)],
    manual: ["approved", expect.any(String)],
    logs: ["rejected", "Duplicate"],
    api: ["approved", expect.any(String)],
  });
  expect(state("travel allowance")?.[0]).toBe("approved");
  expect(state("designers")?.[0]).toBe("approved");
  expect(state("penetration test")?.[0]).toBe("approved");
  expect(state("demo laptop")?.[0]).toBe("approved");

  // What the facts say: the edits in the reviewer's words, the kinds the number keys chose.
  const facts = async (q: string) =>
    (
      (await (await request.get(`/api/facts?q=${encodeURIComponent(q)}`)).json()) as {
        facts: Array<{ content: string; kind: string; provenance: unknown[] }>;
      }
    ).facts;
  expect((await facts(`${tag} travel allowance`)).map((f) => f.content)).toEqual([
    `The ${tag} travel allowance is capped at 900 euros.`,
  ]);
  expect((await facts(`${tag} hires designers spring`)).map((f) => f.content)).toEqual([
    `The team hires two ${tag} designers in spring.`,
  ]);
  expect((await facts(`${tag} penetration test`)).map((f) => f.kind)).toEqual(["action_item"]);
  expect((await facts(`${tag} demo laptop`)).map((f) => f.kind)).toEqual(["decision"]);
  expect((await facts(`${tag} kickoff harbour`)).map((f) => f.provenance.length)).toEqual([2]);
  expect((await facts(`${tag} invoices`)).map((f) => f.content)).toEqual([at("invoices").content]);
});

test("after a decision the next card has the keys: e and r open with the focus inside, Escape gives it back", async ({
  page,
  request,
}) => {
  const tag = `focus${Date.now()}`;
  await seedTwentyCards(request, tag);
  await page.goto(`/review?q=${tag}&sort=source&dir=asc`);
  const cards = page.getByTestId("candidate");
  await expect(cards).toHaveCount(20);
  await page.keyboard.press("a");
  // The approval's answer has come and the queue was read again: the focus is still the reviewer's.
  await expect(page.getByRole("listitem").filter({ hasText: "Approved — added to Facts" })).toBeVisible();
  await idle(page);
  const second = page.locator(`[data-candidate-id="${await cards.first().getAttribute("data-candidate-id")}"]`);
  await expect(second).toBeFocused();
  await page.keyboard.press("e");
  await expect(second.getByLabel("Fact text")).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Typed into the box");
  await expect(second.getByLabel("Fact text")).toHaveValue("Typed into the box");
  await page.keyboard.press("Escape");
  await expect(second).toBeFocused();
  await page.keyboard.press("r");
  const reasons = second.getByRole("toolbar", { name: "Reject with a reason" });
  await expect(reasons.getByRole("button", { name: "Not a fact" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(reasons.getByRole("button", { name: "Wrong" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(second).toBeFocused();
  // A live refresh while the editor is open (another meeting adds a card to this view): the focus stays.
  await page.keyboard.press("e");
  await expect(second.getByLabel("Fact text")).toBeFocused();
  await ingestByApi(request, `Elsewhere ${tag}`, [`Omar: I will rent the ${tag} crane by Monday.`]);
  await expect(page.getByLabel("Progress")).toHaveText(/ of 21 · 1 approved · 0 rejected$/);
  await expect(second.getByLabel("Fact text")).toBeFocused();
});

test("keys pressed before the page is interactive are kept and applied in order: the first ? works", async ({
  page,
  request,
}) => {
  const tag = `early${Date.now()}`;
  await seedTwentyCards(request, tag);
  // The page's scripts are held back until the keys are in: the cards are there, React is not yet.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/review?q=${tag}&sort=source&dir=asc`, { waitUntil: "domcontentloaded" });
  await expect(page.getByTestId("candidate")).toHaveCount(20);
  await page.keyboard.press("j");
  await page.keyboard.press("Shift+Slash");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toHaveCount(0);
  release();
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  await page.keyboard.press("Escape");
  // j came first: the second card is the selected one.
  await expect(page.getByTestId("candidate").nth(1)).toBeFocused();
  await expect(page.getByLabel("Progress")).toHaveText(/^2 of 20/);
});
