/**
 * Deterministic, varied fact texts for retrieval tests and bench/review-db.ts: templates × people ×
 * topics × numbers × dates, so trigram and full-text search see a realistic vocabulary spread rather
 * than one sentence repeated. The same (seed, n) always gives the same list.
 */
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { contentHash } from "@/lib/matcher";

const PEOPLE = [
  "Alice",
  "Bob",
  "Priya",
  "Marcus",
  "Caroline",
  "Melanie",
  "Tomasz",
  "Ingrid",
  "Kenji",
  "Fatima",
  "Diego",
  "Olga",
  "Samuel",
  "Aiko",
  "Rahul",
  "Chloe",
  "Hugo",
  "Nadia",
  "Viktor",
  "Leila",
  "Omar",
  "Grace",
  "Mateo",
  "Sofia",
  "Ethan",
  "Zara",
  "Lukas",
  "Amara",
  "Felix",
  "Hana",
  "Jonas",
  "Keisha",
  "Ravi",
  "Elena",
  "Noah",
  "the platform team",
  "the design team",
  "the vendor",
  "finance",
  "legal",
  "the support team",
  "the CTO",
];
const TOPICS = [
  "offline mode",
  "the billing migration",
  "the mobile app",
  "the onboarding flow",
  "the API rate limits",
  "the pricing page",
  "search indexing",
  "the data warehouse",
  "SSO for enterprise customers",
  "the audit log",
  "the iOS release",
  "the Android widget",
  "dark mode",
  "the analytics dashboard",
  "the export to CSV feature",
  "GDPR deletion requests",
  "the Kubernetes upgrade",
  "the Postgres failover",
  "the marketing site redesign",
  "the partner API",
  "invoice reminders",
  "the referral program",
  "two-factor authentication",
  "the CDN contract",
  "load testing",
  "the churn model",
  "customer interviews",
  "the hiring plan",
  "the security review",
  "the status page",
  "webhooks retries",
  "the Slack integration",
  "feature flags",
  "the quarterly OKRs",
  "the on-call rotation",
  "the design system",
  "price localisation",
  "the beta programme",
  "the Q3 roadmap",
  "the recommendation engine",
  "the legacy importer",
  "email deliverability",
  "the support backlog",
];
const WHENS = [
  "by end of Q1",
  "by end of Q2",
  "by end of Q3",
  "by end of Q4",
  "next Monday",
  "before the offsite",
  "in March",
  "in April",
  "in September",
  "after the release",
  "within two weeks",
  "by Friday",
  "before Christmas",
  "in the next sprint",
  "by the end of the month",
  "this quarter",
];
const UNITS = ["users", "tickets", "customers", "requests per second", "percent", "servers", "days", "euros"];

type Template = (p: string, t: string, w: string, n: number, u: string, p2: string) => string;
const TEMPLATES: Template[] = [
  (p, t, w) => `${p} will ship ${t} ${w}.`,
  (p, t, w) => `${p} decided to postpone ${t} until ${w.replace(/^(by|in|before|after|within|this|next) /, "")}.`,
  (p, t) => `${p} owns ${t}.`,
  (p, t, _w, _n, _u, p2) => `${p} asked ${p2} to review ${t}.`,
  (p, t, _w, n, u) => `${t} currently serves ${n} ${u}.`,
  (p, t, _w, n) => `The budget for ${t} is ${n * 1000} euros.`,
  (p, t) => `${p} is not convinced that ${t} is worth the effort.`,
  (p, t, w) => `${p} agreed to finish ${t} ${w}.`,
  (_p, t, _w, n) => `${t} has ${n} open bugs.`,
  (p, t) => `${p} prefers to buy rather than build ${t}.`,
  (p, t, w, n) => `${p} expects ${t} to cut costs by ${n} percent ${w}.`,
  (p, t, _w, _n, _u, p2) => `${p2} will pair with ${p} on ${t}.`,
  (p, t) => `${p} thinks ${t} should be dropped from the roadmap.`,
  (_p, t, w) => `The launch of ${t} moved to ${w.replace(/^(by|in|before|after|within|this|next) /, "")}.`,
  (p, t, _w, n) => `${p} wants ${n} more engineers for ${t}.`,
  (_p, t, _w, n, u) => `${t} must handle ${n * 10} ${u} at peak.`,
  (p, t) => `${p} reported that ${t} is blocked on a vendor contract.`,
  (p, t, w) => `${p} will present ${t} to the board ${w}.`,
  (p, t) => `${p} has never used ${t} and needs training.`,
  (_p, t, _w, n) => `Customers rated ${t} ${(n % 5) + 1} out of 5 in the last survey.`,
];

/** Park–Miller style generator: small, fast and the same on every machine. */
function rng(seed: number): () => number {
  let s = seed % 2147483647 || 1;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** `n` distinct fact sentences. */
export function generateFacts(n: number, seed = 7): string[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const out = new Set<string>();
  while (out.size < n) {
    const template = pick(TEMPLATES);
    const p = pick(PEOPLE);
    let p2 = pick(PEOPLE);
    if (p2 === p) p2 = PEOPLE[(PEOPLE.indexOf(p) + 1) % PEOPLE.length] as string;
    out.add(cap(template(p, pick(TOPICS), pick(WHENS), 2 + Math.floor(r() * 400), pick(UNITS), p2)));
  }
  return [...out];
}

/** Bulk-inserts active facts with the matcher's content hash; returns their ids in input order. */
export async function insertFacts(
  prisma: PrismaClient,
  contents: string[],
  batch = 5_000,
  spaceId = "default",
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < contents.length; i += batch) {
    const slice = contents.slice(i, i + batch);
    const hashes = slice.map((c) => contentHash(c));
    // One statement per batch: unnest turns the two arrays into rows, WITH ORDINALITY keeps the order.
    const rows = await prisma.$queryRaw<{ id: string; content: string }[]>`
      INSERT INTO "Fact" ("id", "content", "contentHash", "kind", "confidence", "importance", "temporal", "updatedAt",
        "spaceId")
      SELECT gen_random_uuid()::text, c, h, 'decision', 0.9, 0.5, 'present', now(), ${spaceId}
      FROM unnest(${slice}::text[], ${hashes}::text[]) WITH ORDINALITY AS x(c, h, ord)
      ORDER BY ord
      RETURNING "id", "content"`;
    const byContent = new Map(rows.map((row) => [row.content, row.id]));
    ids.push(...slice.map((c) => byContent.get(c) ?? ""));
  }
  return ids;
}
