/**
 * Times reviewCandidates (retrieval + matcher + gate) for 50 candidates against N seeded facts.
 *   npx tsx bench/review-db.ts [--facts 10000,100000] [--db pglite|postgres|both] [--runs 10]
 *                             [--no-analyze] [--no-vacuum] [--corpus varied|templated] [--other-space N]
 * --other-space N first fills a second space with N facts from the same generator and seed (a mirror of the
 * measured facts and more: every planted duplicate has a twin there), so the figures show what another team's
 * fact base costs a review in this one, and a twin matched across spaces fails the run as a missed duplicate.
 * Facts come from tests/review/generate-varied-facts.ts (default: a company-sized vocabulary, 48 templates
 * with verb synonyms, 160 people, 225 customers, 2,304 subjects, real dates) or, with --corpus templated,
 * tests/review/generate-facts.ts (20 templates × 43 topics: every statement has thousands of look-alikes,
 * the worst case for retrieval). The 50 candidates: 15 duplicates (5 verbatim, 5 re-cased and
 * re-punctuated, 5 reworded: time clause moved to the front, "will" → "is going to"), 15 near-misses (one
 * number, date or name changed, in rotation), 20 unseen statements from the same generator.
 * PGlite runs in a temp dir; PostgreSQL in a fresh database
 * sift_bench_<random> on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped
 * at the end. After seeding: VACUUM ANALYZE (the state autovacuum keeps a PostgreSQL server in; PGlite has none,
 * and Sift vacuums at start-up when needed, vacuumRetrievalTablesIfStale), or with --no-vacuum only ANALYZE
 * (a PGlite server not restarted since the import): then FactBand's visibility map is unset
 * and every band lookup visits the heap instead of an index-only scan.
 * Prints median and p95 over the timed runs, after 2 warm-up runs, and a breakdown.
 *
 * Two states, both printed. "new batch" (the headline): every run reviews 50 candidates it has never seen
 * (different planted duplicates, near-misses and unseen statements), so the matcher analyses them, and
 * the facts they retrieve, cold, as a server does for each new transcript chunk. "same batch": one batch
 * again and again, every analysis cached by the matcher (what this bench measured before), the floor.
 *
 * SIFT_SENTENCE_ENCODER=on measures with the sentence encoder (lib/matcher/sentence-encoder.ts).
 *
 * Exits non-zero if any planted duplicate, in any batch, is not judged a duplicate of the fact it copies:
 * speed must never be bought with missed matches. Near-misses judged duplicates are printed as warnings.
 */
import { arg, forEachBenchDatabase, pct, relaunchUnderServerCondition } from "./lib/harness";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

relaunchUnderServerCondition(import.meta.filename);

const { contentWords, mayMatch } = await import("@/lib/chain/match");
const { reviewCandidates } = await import("@/lib/jobs/review-candidates");
const { findSimilarFacts } = await import("@/lib/db/retrieval");
const { matchCandidate, loadSentenceEncoder } = await import("@/lib/matcher");
// As an extraction job runs it: with the sentence encoder when SIFT_SENTENCE_ENCODER=on.
const encoderLoad = performance.now();
const encoder = await loadSentenceEncoder();
console.log(
  encoder
    ? `sentence encoder: on (loaded in ${(performance.now() - encoderLoad).toFixed(0)} ms)`
    : "sentence encoder: off",
);
const { generateFacts, insertFacts } = await import("@/tests/review/generate-facts");
const { generateVariedFacts, VOCABULARY } = await import("@/tests/review/generate-varied-facts");
const { lshKeysFromLexemes } = await import("@/lib/db/lsh-keys");
type OpenedDatabase = import("@/lib/db/client").OpenedDatabase;
type Candidate = import("@/lib/extraction/schema").Candidate;

const sizes = arg("facts", "10000,100000")
  .split(",")
  .map(Number)
  .sort((a, b) => a - b);
const which = arg("db", "both");
const runs = Math.max(10, Number(arg("runs", "10")));
const analyzeStats = !process.argv.includes("--no-analyze");
const vacuum = analyzeStats && !process.argv.includes("--no-vacuum");
const corpus = arg("corpus", "varied");
const otherSpace = Number(arg("other-space", "0"));

const maxSize = sizes[sizes.length - 1] ?? 10_000;
/** Batches per size: 2 warm-up + `runs` timed new batches, one repeated batch, `runs` for the breakdown. */
const batchesPerSize = 2 * runs + 3;
// Extra statements past the seeded ones are "new" but share the vocabulary, as real new facts do.
const all = (corpus === "templated" ? generateFacts : generateVariedFacts)(maxSize + 20 * batchesPerSize, 7);

const WHEN_AT_END = /^(.*?) ((?:by|on|in|before|after|within|this|next|early) [^,]+)\.$/;
/** A rewording a person might produce: the time clause first, "will" → "is going to"; else re-cased. */
function reword(s: string): string {
  const m = WHEN_AT_END.exec(s);
  const core = s.replace(/ will /, " is going to ");
  if (m?.[1] && m[2]) {
    const rest = m[1].replace(/ will /, " is going to ").replace(/^\w/, (c) => c.toLowerCase());
    return `${m[2].charAt(0).toUpperCase()}${m[2].slice(1)}, ${rest}.`;
  }
  return core !== s ? core : s.toLowerCase().replace(/\.$/, "");
}
const NAMES = new RegExp(`\\b(${VOCABULARY.PEOPLE.filter((p) => /^[A-Z]/.test(p)).join("|")})\\b`);
/** One value changed: a number, else a date (month), else a person, in rotation by k. */
function nearMiss(s: string, k: number): string {
  const changes = [
    (x: string) => x.replace(/\d+/, (d) => String(Number(d) + 1)),
    (x: string) =>
      x.replace(
        new RegExp(VOCABULARY.MONTHS.join("|")),
        (m) => VOCABULARY.MONTHS[(VOCABULARY.MONTHS.indexOf(m) + 1) % 12] as string,
      ),
    (x: string) => x.replace(NAMES, (n) => (n === "Alice" ? "Bob" : "Alice")),
  ];
  for (let j = 0; j < changes.length; j++) {
    const changed = (changes[(k + j) % changes.length] as (x: string) => string)(s);
    if (changed !== s) return changed;
  }
  return s.replace(/\.$/, " next quarter.");
}

interface Batch {
  candidates: Candidate[];
  /** index in the seeded facts of the fact each planted duplicate copies (the first 15 candidates) */
  sources: number[];
}

/** Batch `b` of `n` seeded facts: its own duplicates, near-misses and unseen statements (b = 0 as before). */
function batchFor(n: number, b: number): Batch {
  const seeded = all.slice(0, n);
  const step = Math.floor(n / 31);
  // Shifted by a few facts per batch: 29 steps + the shift stay inside the seeded range.
  const shift = (b * 7) % Math.max(1, step);
  const sources = Array.from({ length: 15 }, (_, k) => k * step + shift);
  const dups = sources.map((src, k) => {
    const s = seeded[src] as string;
    return k % 3 === 0 ? s : k % 3 === 1 ? s.toLowerCase().replace(/\.$/, "") : reword(s);
  });
  const near = Array.from({ length: 15 }, (_, k) => nearMiss(seeded[(k + 15) * step + 1 + shift] as string, k));
  const fresh = all.slice(maxSize + 20 * b, maxSize + 20 * b + 20);
  const candidates = [...dups, ...near, ...fresh].map((content) => ({
    content,
    kind: "decision",
    confidence: 0.9,
    importance: 0.5,
    temporal: "present" as const,
    speaker: null,
    quote: content,
    start: 0,
    end: content.length,
    supported: true,
  }));
  return { candidates, sources };
}

const ms = (x: number) => x.toFixed(1).padStart(6);

type Review = Awaited<ReturnType<typeof reviewCandidates>>[number];
const matchesOf = (r: Review | undefined) => r?.matches ?? [];
/** Planted duplicates not judged duplicates of their fact, near-misses judged duplicates. */
function check(batch: Batch, reviews: Review[], ids: string[]) {
  const missed: string[] = [];
  const falseDuplicates: string[] = [];
  batch.sources.forEach((src, k) => {
    const r = reviews[k];
    const found =
      r?.verdict === "duplicate" && matchesOf(r).some((m) => m.factId === ids[src] && m.verdict === "duplicate");
    if (!found) missed.push(`"${batch.candidates[k]?.content}" (${r?.verdict ?? "no review"})`);
  });
  for (let k = 15; k < 30; k++) {
    const r = reviews[k];
    const top = matchesOf(r)[0];
    // A changed value can land on another seeded fact word for word: a true duplicate, not a wrong one.
    const exact = top?.stage === "hash" || top?.stage === "normalized";
    if (r?.verdict === "duplicate" && !exact)
      falseDuplicates.push(`"${batch.candidates[k]?.content}" ~ "${top?.content}"`);
  }
  return { missed, falseDuplicates };
}

let failed = false;

async function benchOne(db: OpenedDatabase, label: string) {
  if (otherSpace > 0) {
    const t = performance.now();
    await db.prisma.space.create({ data: { id: "bench-other", slug: "bench-other", name: "Another team" } });
    const twins = (corpus === "templated" ? generateFacts : generateVariedFacts)(otherSpace, 7);
    await insertFacts(db.prisma, twins, 5_000, "bench-other");
    const seconds = ((performance.now() - t) / 1000).toFixed(1);
    console.log(`${label}: another space holds ${twins.length} facts (seeded in ${seconds} s)`);
  }
  let seeded = 0;
  const ids: string[] = [];
  for (const n of sizes) {
    let t0 = performance.now();
    ids.push(...(await insertFacts(db.prisma, all.slice(seeded, n))));
    seeded = n;
    const seedMs = performance.now() - t0;
    t0 = performance.now();
    if (analyzeStats) await db.prisma.$executeRawUnsafe(`${vacuum ? "VACUUM " : ""}ANALYZE "Fact", "FactBand"`);
    const statsMs = performance.now() - t0;
    const review = (batch: Batch) =>
      reviewCandidates({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, candidates: batch.candidates, encoder });
    let next = 0;
    const fresh: number[] = [];
    const repeated: number[] = [];
    const missed = new Set<string>();
    let planted = 0;
    let found = 0;
    const falseDuplicates = new Set<string>();
    let verdicts: Record<string, number> = {};
    const timeRuns = async (times: number[], pickBatch: () => Batch) => {
      for (let r = 0; r < runs + 2; r++) {
        const batch = pickBatch();
        const t = performance.now();
        const reviews = await review(batch);
        if (r >= 2) times.push(performance.now() - t);
        const c = check(batch, reviews, ids);
        planted += batch.sources.length;
        found += batch.sources.length - c.missed.length;
        c.missed.forEach((m) => missed.add(m));
        c.falseDuplicates.forEach((m) => falseDuplicates.add(m));
        verdicts = {};
        for (const v of reviews) verdicts[v.verdict] = (verdicts[v.verdict] ?? 0) + 1;
      }
    };
    await timeRuns(fresh, () => batchFor(n, next++));
    const same = batchFor(n, next++);
    await timeRuns(repeated, () => same);
    const parts = await breakdown(db, () => batchFor(n, next++).candidates);
    console.log(
      `${label.padEnd(10)} ${String(n).padStart(7)} facts  ` +
        `median ${ms(pct(fresh, 50))} ms  p95 ${ms(pct(fresh, 95))} ms  new batch each run` +
        `  (${runs} runs; seeding ${(seedMs / 1000).toFixed(1)} s, ` +
        `${vacuum ? "VACUUM " : ""}ANALYZE ${(statsMs / 1000).toFixed(1)} s)\n` +
        `${"".padEnd(19)}median ${ms(pct(repeated, 50))} ms  p95 ${ms(pct(repeated, 95))} ms  ` +
        `same batch again (every text already analysed)\n` +
        `${"".padEnd(19)}planted duplicates found ${found}/${planted}; ` +
        `last batch's verdicts ${JSON.stringify(verdicts)}\n` +
        `${"".padEnd(19)}breakdown (medians, new batch each run): findSimilarFacts ${parts.sql.toFixed(1)} ms ` +
        `(lexemes + band keys alone ${parts.keys.toFixed(1)} ms), ` +
        `matcher vs facts ${parts.facts.toFixed(1)} ms, vs earlier candidates ${parts.pairs.toFixed(1)} ms ` +
        `(${parts.pairCount.toFixed(0)} pairs past the shared-word prefilter); ` +
        `${parts.retrieved.toFixed(1)} facts retrieved and ${parts.bandRows.toFixed(0)} FactBand rows per candidate`,
    );
    if (falseDuplicates.size > 0) {
      const shown = [...falseDuplicates].slice(0, 5).map((x) => `${"".padEnd(21)}${x}`);
      console.log(
        `${"".padEnd(19)}WARNING: ${falseDuplicates.size} near-miss(es) judged duplicates ` +
          `(a matcher verdict, not retrieval), e.g.:\n${shown.join("\n")}`,
      );
    }
    if (missed.size > 0) {
      failed = true;
      const shown = [...missed].map((x) => `${"".padEnd(21)}${x}`);
      console.error(
        `${"".padEnd(19)}FAILED: ${missed.size} planted duplicate(s) not judged duplicates of their fact:\n` +
          shown.join("\n"),
      );
    }
  }
}

/**
 * Where the time goes, step by step as reviewCandidates does it but without its overlap: retrieval for the
 * whole batch (and, alone, its first step: lexemes and band keys), the matcher against the retrieved facts
 * (analysing the batch's texts cold), and the matcher against the batch's earlier candidates that pass
 * reviewCandidates' shared-word prefilter.
 */
async function breakdown(db: OpenedDatabase, nextBatch: () => Candidate[]) {
  const keys: number[] = [];
  const sql: number[] = [];
  const facts: number[] = [];
  const pairs: number[] = [];
  let retrieved = 0;
  let pairCount = 0;
  let keyLists: string[] = [];
  let texts: string[] = [];
  for (let r = 0; r < runs; r++) {
    const candidates = nextBatch();
    texts = candidates.map((c) => c.content);
    let t = performance.now();
    const lex = await db.prisma.$queryRaw<Array<{ l: string[] }>>`
      SELECT tsvector_to_array(to_tsvector('english', t)) AS l
      FROM unnest(${texts}::text[]) WITH ORDINALITY AS u(t, o) ORDER BY o`;
    keyLists = lex.map((x) => `{${lshKeysFromLexemes(x.l).join(",")}}`);
    keys.push(performance.now() - t);
    t = performance.now();
    const similar = await findSimilarFacts({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, texts, limit: 8 });
    sql.push(performance.now() - t);
    retrieved = similar.reduce((s, x) => s + x.length, 0) / candidates.length;
    t = performance.now();
    for (const [i, c] of candidates.entries()) await matchCandidate({ candidate: c, facts: similar[i] ?? [] });
    facts.push(performance.now() - t);
    t = performance.now();
    const words = candidates.map((c) => contentWords(c.content));
    for (const [i, c] of candidates.entries()) {
      const earlier = candidates
        .slice(0, i)
        .map((p, j) => ({ id: String(j), content: p.content }))
        .filter((_, j) => mayMatch(words[i] as Set<string>, words[j] as Set<string>));
      pairCount += earlier.length;
      await matchCandidate({ candidate: c, facts: [], pendingCandidates: earlier });
    }
    pairs.push(performance.now() - t);
  }
  const [band] = await db.prisma.$queryRaw<Array<{ rows: number }>>`
    SELECT (count(*)::float8 / ${texts.length}::int) AS rows
    FROM unnest(${keyLists}::text[]) AS k, "FactBand" b WHERE b."band" = ANY(k::bigint[])`;
  return {
    keys: pct(keys, 50),
    sql: pct(sql, 50),
    facts: pct(facts, 50),
    pairs: pct(pairs, 50),
    pairCount: pairCount / runs,
    retrieved,
    bandRows: band?.rows ?? 0,
  };
}

console.log(
  `reviewCandidates, 50 candidates (15 duplicates, 15 near-misses, 20 new), ${corpus} corpus, ` +
    `stats ${vacuum ? "vacuumed and analyzed" : analyzeStats ? "analyzed" : "not analyzed"}`,
);
await forEachBenchDatabase(which, benchOne);
if (failed) process.exitCode = 1;
