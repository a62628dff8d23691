/**
 * A scripted reviewer clears a queue from the keyboard, in the list and one card at a time (f), on the
 * production build, with `cards` open candidates and `facts` approved facts (bench/lib/seed-queue.ts:
 * rewordings, changed values, new statements) on a fresh PGlite directory (or --db postgres). Needs
 * `npm run build` first. The reviewer reads the selected card and decides at once, never waiting for the
 * server: m on a repeat of a fact, every seventh card rejected with the second reason (r → Enter), every
 * fifth edited (e, the text, Ctrl+Enter), the rest approved (a). Reported per view:
 *   - keys per decision: the shortcut keys (the edited text's characters counted apart);
 *   - seconds per card: from the first key to the last decision stored, over the cards (no thinking time:
 *     what the page and the server add to a reviewer's own pace), and to the last key;
 *   - key down to the next card focused, and to the frame after, for every decision key; and for those
 *     pressed while earlier decisions were still being saved (the target: p95 ≤ 50 ms);
 *   - decisions that did not land on the card they were meant for (the database's word), and refused ones.
 *   npx tsx bench/review-keys.ts [--db pglite|postgres] [--cards 40] [--facts 1000] [--port 3390]
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { arg, pct, relaunchUnderServerCondition } from "./lib/harness";
import { freshServerEnv } from "./lib/server-env";

relaunchUnderServerCondition(import.meta.filename);

const { chromium } = await import("@playwright/test");
const { createDb } = await import("@/lib/db/client");
const { seedQueue } = await import("./lib/seed-queue");
const { QUEUE_VIEW_COOKIE } = await import("@/lib/queue/session");

const which = arg("db", "pglite") === "postgres" ? "postgres" : "pglite";
const cards = Number(arg("cards", "40"));
const facts = Number(arg("facts", "1000"));
const port = Number(arg("port", "3390"));
const root = path.resolve(import.meta.dirname, "..");
const base = `http://127.0.0.1:${port}`;
const ms = (xs: number[]) => `median ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms (n=${xs.length})`;

declare global {
  interface Window {
    __marks: Mark[];
  }
}

type Mark = { at: number; decision: boolean; saving: boolean; from: string | null; focus?: number; paint?: number };

async function clear(view: "list" | "focus") {
  const { env, cleanup } = await freshServerEnv(which, "sift-bench-keys");
  // Seeded first and closed: PGlite allows one process per data directory, and the server is the next.
  const opened = await createDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.SIFT_DATA_DIR });
  await seedQueue(opened, { facts, open: cards });
  await opened.close();
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const server = spawn(process.execPath, [next, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env,
    stdio: "ignore",
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  try {
    for (
      let waited = 0;
      !(await fetch(`${base}/ingest`).then(
        (r) => r.ok,
        () => false,
      ));
      waited += 100
    ) {
      if (waited > 120_000) throw new Error("the server did not answer within 120 s");
      await new Promise((r) => setTimeout(r, 100));
    }
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: QUEUE_VIEW_COOKIE, value: view, url: base }]);
    // tsx names the functions inside the page code below with a helper the page does not have.
    await context.addInitScript({ content: "globalThis.__name = (f) => f;" });
    const page = await context.newPage();
    await page.goto(`${base}/review?sort=source&dir=asc&size=${cards <= 50 ? 50 : 100}`);
    await page.waitForFunction(() => {
      const card = document.querySelector('[data-testid="candidate"]');
      return card !== null && Object.keys(card).some((k) => k.startsWith("__reactFiber"));
    });
    await page.evaluate(() => {
      const marks: Mark[] = [];
      window.__marks = marks;
      const cardOf = (t: EventTarget | null) =>
        t instanceof HTMLElement ? (t.closest("[data-candidate-id]")?.getAttribute("data-candidate-id") ?? null) : null;
      document.addEventListener(
        "keydown",
        (e) => {
          const t = e.target as HTMLElement;
          const inReasons = t.closest('[role="toolbar"]') !== null;
          const decision =
            (!/INPUT|TEXTAREA/.test(t.tagName) && (e.key === "a" || e.key === "m") && !e.ctrlKey && !e.metaKey) ||
            (e.key === "Enter" && (inReasons || e.ctrlKey || e.metaKey));
          const list = document.querySelector('ul[aria-label="Candidates"]');
          marks.push({
            at: e.timeStamp,
            decision,
            saving: list?.getAttribute("aria-busy") === "true",
            from: cardOf(t),
          });
        },
        true,
      );
      document.addEventListener("focusin", (e) => {
        const t = e.target as HTMLElement;
        if (t.dataset.testid !== "candidate") return;
        const id = t.dataset.candidateId ?? null;
        // The first card to take the focus after a decision key, other than the one decided.
        const mark = [...marks].reverse().find((m) => m.decision);
        if (!mark || mark.focus !== undefined || id === mark.from) return;
        mark.focus = performance.now();
        requestAnimationFrame(() => (mark.paint = performance.now()));
      });
    });

    const expected = new Map<string, string>();
    let shortcutKeys = 0;
    let typedKeys = 0;
    const started = performance.now();
    for (let i = 0; ; i++) {
      const card = page.locator('[data-testid="candidate"][aria-current="true"]');
      if ((await card.count()) === 0) break;
      const id = (await card.getAttribute("data-candidate-id")) as string;
      const press = async (...keys: string[]) => {
        for (const k of keys) await page.keyboard.press(k);
        shortcutKeys += keys.length;
      };
      if ((await card.getByRole("button", { name: "Merge into existing" }).count()) > 0) {
        expected.set(id, "merged");
        await press("m");
      } else if (i % 7 === 3) {
        expected.set(id, "rejected");
        await press("r", "ArrowRight", "Enter");
      } else if (i % 5 === 4) {
        expected.set(id, "approved");
        await press("e", "ControlOrMeta+a");
        const text = `Edited by the bench: card ${i}.`;
        await page.keyboard.type(text);
        typedKeys += text.length;
        await press("ControlOrMeta+Enter");
      } else {
        expected.set(id, "approved");
        await press("a");
      }
    }
    const keysDone = performance.now();
    await page.waitForSelector("text=/Saving \\d+ decisions?…/", { state: "detached", timeout: 120_000 });
    const stored = performance.now();
    const marks = await page.evaluate(() => window.__marks);
    const decisions = marks.filter((m) => m.decision && m.focus !== undefined);
    const focus = decisions.map((m) => (m.focus as number) - m.at);
    const paint = decisions.filter((m) => m.paint !== undefined).map((m) => (m.paint as number) - m.at);
    const whileSaving = decisions.filter((m) => m.saving).map((m) => (m.focus as number) - m.at);

    const rows = (await (await page.request.get(`${base}/api/candidates?status=all&limit=100`)).json()) as {
      candidates: Array<{ id: string; status: string }>;
    };
    const status = new Map(rows.candidates.map((c) => [c.id, c.status]));
    const misdirected = [...expected].filter(([id, want]) => status.get(id) !== want).length;
    const refused = await page.locator('[data-testid="candidate"] [role="alert"]').count();
    const n = expected.size;
    console.log(`${view} view, ${n} cards (${which}, ${facts} facts):`);
    console.log(
      `  keys per decision ${(shortcutKeys / n).toFixed(2)} (+ ${(typedKeys / n).toFixed(1)} typed characters)`,
    );
    console.log(
      `  seconds per card ${((stored - started) / 1000 / n).toFixed(3)} to every decision stored, ` +
        `${((keysDone - started) / 1000 / n).toFixed(3)} to the last key`,
    );
    console.log(`  key down → next card focused: ${ms(focus)}; → the frame after: ${ms(paint)}`);
    console.log(`  the same, keys pressed while earlier decisions were saving: ${ms(whileSaving)}`);
    console.log(`  decisions not on their card: ${misdirected} of ${n}; refused and shown again: ${refused}`);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await cleanup();
  }
}

await clear("list");
await clear("focus");
