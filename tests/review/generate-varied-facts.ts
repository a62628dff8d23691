/**
 * Fact texts with a company-sized vocabulary, for bench/review-db.ts and tests: what a fact base built
 * from a year of meetings looks like, rather than generate-facts.ts's 20 templates over 43 topics (where
 * every statement has thousands of near-identical neighbours, a worst case the bench still measures).
 *
 * Why this is closer to real: a real base mentions hundreds of people and customers, thousands of
 * project/component names, specific dates and amounts, and says the same kind of thing many ways. Here:
 * 160 people and teams, 225 customer names, 64 areas × 36 artefacts (2,304 subjects), 48 templates whose
 * verbs have 2–4 synonyms, 12 months × 28 days plus relative dates, amounts 2..9,999 and 20 units. Related
 * statements still abound (each subject appears ~40 times in 100k facts), so near-misses have look-alikes.
 * The same (seed, n) always gives the same list.
 */

const FIRST = (
  "Alice Bob Priya Marcus Caroline Melanie Tomasz Ingrid Kenji Fatima Diego Olga Samuel Aiko Rahul Chloe Hugo " +
  "Nadia Viktor Leila Omar Grace Mateo Sofia Ethan Zara Lukas Amara Felix Hana Jonas Keisha Ravi Elena Noah " +
  "Anya Bruno Carmen Dmitri Eva Farid Gita Hiro Isla Jamal Kira Liam Maya Nils Oscar Paula Quentin Rosa Sven " +
  "Tara Umar Vera Wen Xavier Yara Zoltan Ada Ben Cleo Dario Emre Freya Gabe Helga Ivan Juno Kofi Lena Mira Nico " +
  "Otto Pia Rafael Sana Theo Ulla Vince Willa Yusuf Zoe Arjun Beatriz Colin Daria Emil Fiona Gustav Hamid Ines " +
  "Jakob Kavya Lars Marta Naveen Orla Pavel Rania Stefan Tomoko Uri Valeria Wiktor Ximena Yosef Zainab Abel " +
  "Bianca Cyrus Delia Erik Femi Greta Henrik Ilse Joaquin Katya Leon Mariam Nathan Odile Petra Ruben Selin " +
  "Tobias Una Vikram Wanda Yannick Zuri Anders Bea Cosmin Dagny Elif Franco Gloria"
).split(" ");
const TEAMS = [
  "the platform team",
  "the design team",
  "the vendor",
  "finance",
  "legal",
  "the support team",
  "the CTO",
  "the data team",
  "procurement",
  "the security team",
  "marketing",
  "sales ops",
  "the mobile team",
  "HR",
  "the SRE team",
  "customer success",
  "the board",
  "the QA team",
  "the growth team",
  "the infra guild",
];
const PEOPLE = [...FIRST, ...TEAMS];
const CUSTOMERS = [
  "North",
  "Bright",
  "Blue",
  "Iron",
  "Silver",
  "Quantum",
  "Green",
  "Red",
  "Stone",
  "Cloud",
  "Nova",
  "Apex",
  "Terra",
  "Polar",
  "Sun",
].flatMap((a) =>
  [
    "wave",
    "forge",
    "field",
    "line",
    "works",
    "labs",
    "bank",
    "air",
    "point",
    "soft",
    "mark",
    "gate",
    "path",
    "well",
    "port",
  ].map((b) => a + b),
);
const AREAS = (
  "billing search onboarding checkout pricing invoicing payroll reporting analytics notifications " +
  "messaging identity permissions audit export import scheduling calendar inventory shipping returns refunds " +
  "loyalty referral subscription catalogue recommendation fraud compliance consent localisation translation " +
  "accessibility caching logging metrics tracing alerting backup storage upload media video chat support " +
  "ticketing knowledge-base forum feedback survey experiment pricing-engine tax currency partner affiliate " +
  "warehouse forecasting routing geolocation maps offline sync"
).split(" ");
const ARTEFACTS = (
  "dashboard API importer exporter migration rollout redesign service worker queue pipeline " +
  "widget SDK webhook integration report page flow model index cache cluster database schema contract " +
  "backlog roadmap runbook playbook budget pilot beta release audit test-suite alerting-rules"
).split(" ");
const MONTHS = "January February March April May June July August September October November December".split(" ");
const RELATIVE = [
  "next Monday",
  "next Tuesday",
  "this Thursday",
  "by Friday",
  "before the offsite",
  "after the release",
  "within two weeks",
  "before Christmas",
  "in the next sprint",
  "by the end of the month",
  "this quarter",
  "by end of Q1",
  "by end of Q2",
  "by end of Q3",
  "by end of Q4",
  "early next year",
  "before the audit",
];
const UNITS = [
  "users",
  "tickets",
  "customers",
  "requests per second",
  "percent",
  "servers",
  "days",
  "euros",
  "orders",
  "seats",
  "licences",
  "incidents",
  "deploys",
  "GB",
  "pages",
  "hours",
  "signups",
  "invoices",
  "calls",
  "regions",
];

type Slots = { p: string; q: string; t: string; c: string; w: string; n: number; u: string };
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
const syn = (r: () => number, ...xs: string[]) => pick(r, xs);

/** The time clause without its leading preposition: "by Friday" → "Friday". */
const bareTime = (w: string) => w.replace(/^(by|in|on|before|after|within|this|next) /, "");

/** Templates take the slots and the generator (for verb synonyms), so wording varies independently of content. */
const TEMPLATES: Array<(s: Slots, r: () => number) => string> = [
  (s, r) => `${s.p} will ${syn(r, "ship", "deliver", "launch", "release")} ${s.t} ${s.w}.`,
  (s, r) => `${s.p} ${syn(r, "decided to postpone", "pushed back", "delayed")} ${s.t} until ${bareTime(s.w)}.`,
  (s) => `${s.p} owns ${s.t}.`,
  (s, r) => `${s.p} ${syn(r, "asked", "told")} ${s.q} to ${syn(r, "review", "sign off on", "test")} ${s.t}.`,
  (s) => `${s.t} currently serves ${s.n} ${s.u}.`,
  (s, r) => `The ${syn(r, "budget", "spend", "cost estimate")} for ${s.t} is ${s.n * 100} euros.`,
  (s) => `${s.p} is not convinced that ${s.t} is worth the effort.`,
  (s, r) => `${s.p} agreed to ${syn(r, "finish", "complete", "wrap up")} ${s.t} ${s.w}.`,
  (s) => `${s.t} has ${s.n} open bugs.`,
  (s) => `${s.p} prefers to buy rather than build ${s.t}.`,
  (s, r) =>
    `${s.p} expects ${s.t} to ${syn(r, "cut", "reduce")} ${syn(r, "costs", "latency", "churn")} ` +
    `by ${(s.n % 90) + 2} percent ${s.w}.`,
  (s) => `${s.q} will pair with ${s.p} on ${s.t}.`,
  (s) => `${s.p} thinks ${s.t} should be dropped from the roadmap.`,
  (s) => `The launch of ${s.t} moved to ${bareTime(s.w)}.`,
  (s) => `${s.p} wants ${(s.n % 12) + 1} more engineers for ${s.t}.`,
  (s) => `${s.t} must handle ${s.n * 10} ${s.u} at peak.`,
  (s, r) =>
    `${s.p} reported that ${s.t} is blocked on ` +
    `${syn(r, "a vendor contract", "a security review", "legal approval", "missing test data")}.`,
  (s) => `${s.p} will present ${s.t} to the board ${s.w}.`,
  (s) => `${s.p} has never used ${s.t} and needs training.`,
  (s) => `Customers rated ${s.t} ${(s.n % 5) + 1} out of 5 in the last survey.`,
  (s, r) => `${s.c} ${syn(r, "signed", "renewed", "cancelled")} a contract for ${s.n} ${syn(r, "seats", "licences")}.`,
  (s, r) => `${s.c} ${syn(r, "asked for", "requested", "is waiting for")} ${s.t} ${s.w}.`,
  (s) => `${s.c} is ${s.p}'s biggest account.`,
  (s, r) => `${s.c} ${syn(r, "reported", "escalated")} ${(s.n % 40) + 1} incidents with ${s.t} last month.`,
  (s) => `${s.p} will visit ${s.c} ${s.w}.`,
  (s) => `${s.c} pays ${s.n * 50} euros per month.`,
  (s, r) => `${s.c} ${syn(r, "threatened to churn", "may leave", "is unhappy")} over ${s.t}.`,
  (s) => `${s.p} is the main contact for ${s.c}.`,
  (s, r) => `${s.p} ${syn(r, "moved", "switched")} from ${s.t} to ${s.c}'s onboarding.`,
  (s) => `${s.p} is on holiday ${s.w}.`,
  (s) => `${s.p} will replace ${s.q} as lead of ${s.t}.`,
  (s) => `${s.p} and ${s.q} disagree about the scope of ${s.t}.`,
  (s) => `The retro for ${s.t} is scheduled ${s.w}.`,
  (s, r) => `${s.t} ${syn(r, "failed", "broke", "went down")} ${(s.n % 9) + 2} times this week.`,
  (s) => `${s.t} depends on ${s.c}'s API.`,
  (s) => `${s.p} estimates ${s.t} at ${(s.n % 30) + 1} days of work.`,
  (s) => `Error rate of ${s.t} is ${(s.n % 50) / 10} percent.`,
  (s) => `${s.p} will hire a contractor for ${s.t} ${s.w}.`,
  (s) => `${s.t} runs on ${(s.n % 64) + 2} servers.`,
  (s) => `${s.p} wants ${s.t} to support ${s.c} ${s.w}.`,
  (s, r) => `${s.q} ${syn(r, "approved", "rejected")} the design of ${s.t}.`,
  (s) => `${s.p} suggested merging ${s.t} into the main roadmap.`,
  (s) => `Only ${s.n % 100} ${s.u} use ${s.t} today.`,
  (s) => `The on-call rotation for ${s.t} starts ${s.w}.`,
  (s) => `${s.p} documented ${s.t} in the wiki.`,
  (s) => `${s.c} will beta test ${s.t} ${s.w}.`,
  (s) => `${s.p} needs access to ${s.t} by ${MONTHS[s.n % 12]}.`,
  (s) => `${s.p} will run a workshop on ${s.t} for ${s.c}.`,
];

function rng(seed: number): () => number {
  let s = seed % 2147483647 || 1;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
}
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function when(r: () => number): string {
  if (r() < 0.4) return pick(r, RELATIVE);
  return `on ${1 + Math.floor(r() * 28)} ${pick(r, MONTHS)}`;
}

/** `n` distinct fact sentences from the vocabulary above. */
export function generateVariedFacts(n: number, seed = 7): string[] {
  const r = rng(seed);
  const out = new Set<string>();
  while (out.size < n) {
    const p = pick(r, PEOPLE);
    let q = pick(r, PEOPLE);
    if (q === p) q = PEOPLE[(PEOPLE.indexOf(p) + 1) % PEOPLE.length] as string;
    const slots: Slots = {
      p,
      q,
      t: `the ${pick(r, AREAS)} ${pick(r, ARTEFACTS)}`,
      c: pick(r, CUSTOMERS),
      w: when(r),
      n: 2 + Math.floor(r() * 9998),
      u: pick(r, UNITS),
    };
    out.add(cap(pick(r, TEMPLATES)(slots, r)));
  }
  return [...out];
}

export const VOCABULARY = { PEOPLE, CUSTOMERS, MONTHS };
