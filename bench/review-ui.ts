/**
 * The review queue in Chromium, on the production build, with 10k facts and 2,000 open candidates
 * (bench/lib/seed-queue.ts) in a fresh PGlite directory (or, with --db postgres, a fresh database on the
 * local server). Needs `npm run build` first.
 *   - first load: from navigation to the first card hydrated (React has attached to it, so keys work),
 *     5 cold page loads;
 *   - j: key down to the next card focused (and painted: the next animation frame), 100 presses;
 *   - a: key down to the next card focused (the card leaves at once), and key press to the approval
 *     stored and its answer applied (the cards it changed patched into the queue), 100 approvals; and the
 *     action's request time and answer size as the browser saw them.
 *   npx tsx bench/review-ui.ts [--db pglite|postgres] [--facts 10000] [--open 2000] [--actions 100] [--tail open]
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { arg, pct, relaunchUnderServerCondition } from "./lib/harness";
import { freshServerEnv } from "./lib/server-env";

relaunchUnderServerCondition(import.meta.filename);

const { chromium } = await import("@playwright/test");
const { createDb } = await import("@/lib/db/client");
const { seedQueue } = await import("./lib/seed-queue");

const which = arg("db", "pglite");
const facts = Number(arg("facts", "10000"));
const open = Number(arg("open", "2000"));
const actions = Number(arg("actions", "100"));
const port = 3231;
// --tail open: the ranked page with its folded tail opened (all of the page's 50 cards, as before issue 28's fold).
const review = arg("tail", "") === "open" ? "/review?tail=open" : "/review";
const root = path.resolve(import.meta.dirname, "..");
const stats = (xs: number[]) =>
  `median ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms (n=${xs.length})`;

const { env, cleanup } = await freshServerEnv(which === "postgres" ? "postgres" : "pglite", "sift-bench-ui");

// Seeded first and closed: PGlite allows one process per data directory, and the server is the next.
const opened = await createDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.SIFT_DATA_DIR });
await seedQueue(opened, { facts, open });
await opened.close();

const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
const server = spawn(process.execPath, [next, "start", "-p", String(port), "-H", "127.0.0.1"], {
  cwd: root,
  env,
  stdio: "ignore",
});
const base = `http://127.0.0.1:${port}`;
for (let waited = 0; ; waited += 100) {
  const ok = await fetch(`${base}/ingest`).then(
    (r) => r.ok,
    () => false,
  );
  if (ok) break;
  if (waited > 120_000) throw new Error("the server did not answer within 120 s");
  await new Promise((r) => setTimeout(r, 100));
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  // React attaches its fiber to a node when it hydrates it: the card answers keys from then on.
  const hydrated = () => {
    const card = document.querySelector('[data-testid="candidate"]');
    return card !== null && Object.keys(card).some((k) => k.startsWith("__reactFiber"));
  };
  const loads: number[] = [];
  let html = 0;
  for (let i = 0; i < 6; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const started = performance.now();
    const response = await page.goto(`${base}${review}`, { waitUntil: "commit" });
    await page.waitForFunction(hydrated, undefined, { polling: 10 });
    if (i > 0) loads.push(performance.now() - started); // the first warms the server's page code
    if (i === 1) html = (await response?.body())?.length ?? 0;
    await context.close();
  }
  console.log(
    `first load of /review to interactive: ${stats(loads)}; the page's HTML is ${Math.round(html / 1024)} kB`,
  );

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // tsx keeps function names by wrapping them in `__name(…)`, which the page does not have: give it one
  // (a string, so that this line is not wrapped itself).
  await page.addInitScript("window.__name = (f) => f");
  await page.goto(`${base}${review}`);
  await page.waitForFunction(hydrated);
  await page.getByTestId("candidate").first().locator("p").first().click();
  type Focus = { at: number; paint?: number };
  type Marks = { keys: number[]; focus: Focus[] };
  // The page keeps its marks on `window` so that each evaluate below reads the same object.
  await page.evaluate(() => {
    const w = window as { __uiMarks?: Marks };
    const current = (): Marks => (w.__uiMarks ??= { keys: [], focus: [] });
    document.addEventListener("keydown", (e) => current().keys.push(e.timeStamp), true);
    document.addEventListener("focusin", () => {
      const entry: Focus = { at: performance.now() };
      current().focus.push(entry);
      requestAnimationFrame(() => (entry.paint = performance.now()));
    });
  });
  /** The marks since the last call, once the last focus has been painted. */
  const marks = async (): Promise<Marks> => {
    await page.waitForFunction(() => {
      const f = (window as { __uiMarks?: Marks }).__uiMarks?.focus.at(-1);
      return f !== undefined && f.paint !== undefined;
    });
    return page.evaluate(() => {
      const w = window as { __uiMarks?: Marks };
      const out = w.__uiMarks ?? { keys: [], focus: [] };
      w.__uiMarks = { keys: [], focus: [] };
      return out;
    });
  };
  const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.candidateId);
  const changed = (id: string | undefined) =>
    page.waitForFunction(
      (before) => {
        const now = (document.activeElement as HTMLElement | null)?.dataset.candidateId;
        return now !== undefined && now !== before;
      },
      id,
      { timeout: 30_000 },
    );

  const jFocus: number[] = [];
  const jPaint: number[] = [];
  for (let i = 0; i < actions; i++) {
    const before = await focused();
    // Ten down, ten up: the ranked page opens on 20 cards (the rest folded), so the walk stays within them.
    await page.keyboard.press(i % 20 < 10 ? "j" : "k");
    await changed(before);
    const m = await marks();
    const key = m.keys[0] as number;
    const last = m.focus.at(-1) as Focus;
    jFocus.push(last.at - key);
    jPaint.push((last.paint as number) - key);
  }
  console.log(`j/k, key down to the next card focused: ${stats(jFocus)}`);
  console.log(`j/k, key down to the frame after the focus: ${stats(jPaint)}`);

  const requests: number[] = [];
  const answers: number[] = [];
  page.on("requestfinished", (request) => {
    if (request.method() !== "POST" || !request.url().includes("/review")) return;
    const t = request.timing();
    requests.push(t.responseEnd - t.requestStart);
    void request.response().then(async (r) => answers.push((await r?.body())?.length ?? 0));
  });
  const approve: number[] = [];
  const stored: number[] = [];
  const idle = () => page.waitForSelector('ul[aria-label="Candidates"][aria-busy="false"]', { timeout: 30_000 });
  for (let i = 0; i < actions; i++) {
    const before = await focused();
    const started = performance.now();
    await page.keyboard.press("a");
    await changed(before);
    const m = await marks();
    approve.push((m.focus.at(-1) as Focus).at - (m.keys[0] as number));
    await idle();
    stored.push(performance.now() - started);
  }
  console.log(`a, key down to the next card focused after the approval: ${stats(approve)}`);
  console.log(`a, key press to the approval stored and the queue back from the server: ${stats(stored)}`);
  console.log(`a, the approve action's request as the browser saw it: ${stats(requests)}`);
  // Until issue 28 the answer was the re-rendered queue (tens of kB); now the cards the approval changed.
  const answer = pct(answers, 50);
  const size = answer < 10_240 ? `${answer} bytes` : `${Math.round(answer / 1024)} kB`;
  console.log(`a, the approve action's answer: median ${size}, max ${Math.round(Math.max(...answers) / 1024)} kB`);
} finally {
  await browser.close();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  await cleanup();
}
