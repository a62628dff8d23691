/**
 * Times reviewCandidates (retrieval + matcher + gate) for 50 candidates against N seeded facts.
 *   npx tsx bench/review-db.ts [--facts 10000,100000] [--db pglite|postgres|both] [--runs 10] [--no-analyze] [--no-vacuum]
 *                             [--corpus varied|templated]
 * Facts come from tests/review/generate-varied-facts.ts (default: a company-sized vocabulary, 48 templates
 * with verb synonyms, 160 people, 225 customers, 2,304 subjects, real dates) or, with --corpus templated,
 * tests/review/generate-facts.ts (20 templates × 43 topics: every statement has thousands of look-alikes,
 * the worst case for retrieval). The 50 candidates: 15 duplicates (5 verbatim, 5 re-cased and
 * re-punctuated, 5 reworded: time clause moved to the front, "will" → "is going to"), 15 near-misses (one
 * number, date or name changed, in rotation), 20 unseen statements from the same generator. PGlite runs in a temp dir; PostgreSQL in a fresh database
 * sift_bench_<random> on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped
 * at the end. After seeding: VACUUM ANALYZE (the state autovacuum keeps a PostgreSQL server in; PGlite has no
 * autovacuum, see the report), or with --no-vacuum only ANALYZE: then FactBand's visibility map is unset
 * and every band lookup visits the heap instead of an index-only scan. Prints median and p95 over the timed runs, after 2 warm-up runs, and a breakdown.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

// `server-only` (imported by the DB layer) is a no-op only under the react-server condition, and tsx
// does not forward node flags: relaunch through tsx's cli with the condition after it (tsx re-launches node itself).
if (!process.env.SIFT_BENCH_CHILD) {
  const root = path.resolve(import.meta.dirname, "..");
  const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const r = spawnSync(process.execPath, [tsx, "--conditions=react-server", import.meta.filename, ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, SIFT_BENCH_CHILD: "1" },
  });
  process.exit(r.status ?? 1);
}

const { randomBytes } = await import("node:crypto");
const fs = await import("node:fs");
const os = await import("node:os");
const { default: pg } = await import("pg");
const { createDb } = await import("@/lib/db/client");
const { reviewCandidates } = await import("@/lib/jobs/review-candidates");
const { findSimilarFacts } = await import("@/lib/db/retrieval");
const { matchCandidate } = await import("@/lib/review");
const { generateFacts, insertFacts } = await import("@/tests/review/generate-facts");
const { generateVariedFacts, VOCABULARY } = await import("@/tests/review/generate-varied-facts");
const { lshKeysFromLexemes } = await import("@/lib/db/lsh-keys");
type Db = Awaited<ReturnType<typeof createDb>>;
type Candidate = import("@/lib/extraction/schema").Candidate;

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const sizes = arg("facts", "10000,100000").split(",").map(Number).sort((a, b) => a - b);
const which = arg("db", "both");
const runs = Math.max(10, Number(arg("runs", "10")));
const analyzeStats = !process.argv.includes("--no-analyze");
const vacuum = analyzeStats && !process.argv.includes("--no-vacuum");
const corpus = arg("corpus", "varied");
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const maxSize = sizes[sizes.length - 1] ?? 10_000;
// Extra statements past the seeded ones are "new" but share the vocabulary, as real new facts do.
const all = (corpus === "templated" ? generateFacts : generateVariedFacts)(maxSize + 20, 7);

const WHEN_AT_END = /^(.*?) ((?:by|on|in|before|after|within|this|next|early) [^,]+)\.$/;
/** A rewording a person might produce: the time clause first, "will" → "is going to"; else re-cased. */
function reword(s: string): string {
  const m = WHEN_AT_END.exec(s);
  const core = s.replace(/ will /, " is going to ");
  if (m?.[1] && m[2]) return `${m[2].charAt(0).toUpperCase()}${m[2].slice(1)}, ${(m[1].replace(/ will /, " is going to ")).replace(/^\w/, (c) => c.toLowerCase())}.`;
  return core !== s ? core : s.toLowerCase().replace(/\.$/, "");
}
const NAMES = new RegExp(`\\b(${VOCABULARY.PEOPLE.filter((p) => /^[A-Z]/.test(p)).join("|")})\\b`);
/** One value changed: a number, else a date (month), else a person, in rotation by k. */
function nearMiss(s: string, k: number): string {
  const changes = [
    (x: string) => x.replace(/\d+/, (d) => String(Number(d) + 1)),
    (x: string) => x.replace(new RegExp(VOCABULARY.MONTHS.join("|")), (m) => VOCABULARY.MONTHS[(VOCABULARY.MONTHS.indexOf(m) + 1) % 12] as string),
    (x: string) => x.replace(NAMES, (n) => (n === "Alice" ? "Bob" : "Alice")),
  ];
  for (let j = 0; j < changes.length; j++) {
    const changed = (changes[(k + j) % changes.length] as (x: string) => string)(s);
    if (changed !== s) return changed;
  }
  return s.replace(/\.$/, " next quarter.");
}

function candidatesFor(n: number): Candidate[] {
  const seeded = all.slice(0, n);
  const step = Math.floor(n / 31);
  const dups = Array.from({ length: 15 }, (_, k) => {
    const s = seeded[k * step] as string;
    return k % 3 === 0 ? s : k % 3 === 1 ? s.toLowerCase().replace(/\.$/, "") : reword(s);
  });
  const near = Array.from({ length: 15 }, (_, k) => nearMiss(seeded[(k + 15) * step + 1] as string, k));
  const fresh = all.slice(maxSize, maxSize + 20);
  return [...dups, ...near, ...fresh].map((content) => ({
    content, kind: "decision", confidence: 0.9, importance: 0.5, temporal: "present", speaker: null,
    quote: content, start: 0, end: content.length, supported: true,
  }));
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)] ?? 0;

async function benchOne(db: Db, label: string) {
  const source = await db.prisma.source.create({
    data: { title: "bench", origin: "paste", text: "bench", contentHash: randomBytes(8).toString("hex") },
  });
  let seeded = 0;
  for (const n of sizes) {
    const t0 = performance.now();
    await insertFacts(db.prisma, all.slice(seeded, n));
    seeded = n;
    if (analyzeStats) await db.prisma.$executeRawUnsafe(`${vacuum ? "VACUUM " : ""}ANALYZE "Fact", "FactBand"`);
    const seedMs = performance.now() - t0;
    const candidates = candidatesFor(n);
    const times: number[] = [];
    let verdicts: Record<string, number> = {};
    for (let r = 0; r < runs + 2; r++) {
      const t = performance.now();
      const reviews = await reviewCandidates({ db: db.prisma, sourceId: source.id, candidates });
      const ms = performance.now() - t;
      if (r >= 2) times.push(ms);
      verdicts = {};
      for (const v of reviews) verdicts[v.verdict] = (verdicts[v.verdict] ?? 0) + 1;
    }
    const parts = await breakdown(db, candidates);
    console.log(
      `${label.padEnd(10)} ${String(n).padStart(7)} facts  median ${pct(times, 50).toFixed(1).padStart(6)} ms  p95 ${pct(times, 95).toFixed(1).padStart(6)} ms` +
        `  (${runs} runs; seeding ${(seedMs / 1000).toFixed(1)} s; verdicts ${JSON.stringify(verdicts)})\n` +
        `${"".padEnd(19)}breakdown (medians): SQL ${parts.sql.toFixed(1)} ms, matcher vs facts ${parts.facts.toFixed(1)} ms, ` +
        `candidate pairs ${parts.pairs.toFixed(1)} ms; ${parts.retrieved.toFixed(1)} facts retrieved per candidate\n` +
        `${"".padEnd(19)}band keys for 50 texts: sift_lsh_keys in SQL ${parts.keysSql.toFixed(1)} ms, lexemes + JS ${parts.keysJs.toFixed(1)} ms; ` +
        `${parts.bandRows.toFixed(0)} FactBand rows per candidate`,
    );
  }
}

/**
 * Where the time goes, step by step as reviewCandidates does it: the retrieval statement, the matcher
 * against the retrieved facts, and the matcher against the batch's earlier candidates (no saved ones here;
 * all earlier ones, without reviewCandidates' shared-word prefilter, so an upper bound).
 */
async function breakdown(db: Db, candidates: Candidate[]) {
  const sql: number[] = [];
  const facts: number[] = [];
  const pairs: number[] = [];
  let retrieved = 0;
  for (let r = 0; r < runs; r++) {
    let t = performance.now();
    const similar = await findSimilarFacts({ db: db.prisma, texts: candidates.map((c) => c.content), limit: 8 });
    sql.push(performance.now() - t);
    retrieved = similar.reduce((s, x) => s + x.length, 0) / candidates.length;
    t = performance.now();
    for (const [i, c] of candidates.entries()) await matchCandidate({ candidate: c, facts: similar[i] ?? [] });
    facts.push(performance.now() - t);
    t = performance.now();
    for (const [i, c] of candidates.entries()) {
      await matchCandidate({ candidate: c, facts: [], pendingCandidates: candidates.slice(0, i).map((p, j) => ({ id: String(j), content: p.content })) });
    }
    pairs.push(performance.now() - t);
  }
  // Band keys for the batch: what the statement used to compute in SQL vs lexemes from SQL + hashing in JS.
  const texts = candidates.map((c) => c.content);
  const keysSql: number[] = [];
  const keysJs: number[] = [];
  let keyLists: string[] = [];
  for (let r = 0; r < runs; r++) {
    let t = performance.now();
    await db.prisma.$queryRaw`SELECT sift_lsh_keys(t) FROM unnest(${texts}::text[]) AS t`;
    keysSql.push(performance.now() - t);
    t = performance.now();
    const lex = await db.prisma.$queryRaw<Array<{ l: string[] }>>`
      SELECT tsvector_to_array(to_tsvector('english', t)) AS l FROM unnest(${texts}::text[]) WITH ORDINALITY AS u(t, o) ORDER BY o`;
    keyLists = lex.map((x) => `{${lshKeysFromLexemes(x.l).join(",")}}`);
    keysJs.push(performance.now() - t);
  }
  const [band] = await db.prisma.$queryRaw<Array<{ rows: number }>>`
    SELECT (count(*)::float8 / ${texts.length}::int) AS rows FROM unnest(${keyLists}::text[]) AS k, "FactBand" b WHERE b."band" = ANY(k::bigint[])`;
  return { sql: pct(sql, 50), facts: pct(facts, 50), pairs: pct(pairs, 50), retrieved, keysSql: pct(keysSql, 50), keysJs: pct(keysJs, 50), bandRows: band?.rows ?? 0 };
}

async function onServer(sql: string) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

console.log(`reviewCandidates, 50 candidates (15 duplicates, 15 near-misses, 20 new), ${corpus} corpus, stats ${vacuum ? "vacuumed and analyzed" : analyzeStats ? "analyzed" : "not analyzed"}`);
if (which === "pglite" || which === "both") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sift-bench-"));
  const db = await createDb({ dataDir: dir });
  try {
    await benchOne(db, "PGlite");
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
if (which === "postgres" || which === "both") {
  const name = `sift_bench_${randomBytes(5).toString("hex")}`;
  await onServer(`CREATE DATABASE "${name}"`);
  try {
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    const db = await createDb({ databaseUrl: u.toString() });
    try {
      await benchOne(db, "PostgreSQL");
    } finally {
      await db.close();
    }
  } finally {
    await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}
