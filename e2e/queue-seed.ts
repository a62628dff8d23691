import { expect, type APIRequestContext } from "@playwright/test";

// Seeding the review queue through the REST API, as a script would: a transcript in, its run followed to
// the end, its candidates read back (and approved, for the facts a later meeting repeats).

export type ApiCandidate = {
  id: string;
  version: number;
  content: string;
  kind: string;
  status: string;
  rejectReason: string | null;
};

/** The sources this worker's tests added, for `clearSeeded` after each test. */
const seeded: string[] = [];

/**
 * Rejects what the tests added and left open, even when a test failed: a later test's statements must not
 * join its cards (the queue shows a repeat of an open card as one card with it). Call it in afterEach.
 */
export async function clearSeeded(request: APIRequestContext) {
  await clearOpen(request, seeded.splice(0));
}

/** Adds a transcript and waits for its run; returns its source id and candidates, in transcript order. */
export async function ingestByApi(request: APIRequestContext, title: string, lines: string[], meetingDate?: string) {
  const started = await request.post("/api/sources", {
    data: { title, text: lines.join("\n"), ...(meetingDate ? { meetingDate } : {}) },
  });
  expect(started.status()).toBe(202);
  const { runId, sourceId } = (await started.json()) as { runId: string; sourceId: string };
  seeded.push(sourceId);
  await expect
    .poll(async () => ((await (await request.get(`/api/runs/${runId}`)).json()) as { status: string }).status)
    .toBe("succeeded");
  return { sourceId, candidates: await candidatesOf(request, sourceId) };
}

/** Every candidate of a source, whatever its status, in no particular order. */
export async function candidatesOf(request: APIRequestContext, sourceId: string): Promise<ApiCandidate[]> {
  const res = await request.get(`/api/candidates?source=${sourceId}&status=all&limit=100`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { candidates: ApiCandidate[] }).candidates;
}

export async function approveByApi(request: APIRequestContext, candidate: ApiCandidate) {
  const res = await request.post(`/api/candidates/${candidate.id}/approve`, { data: { version: candidate.version } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { factId: string };
}

/**
 * Rejects whatever is still open of these sources: the next test's statements must not join its cards. A
 * rejection re-judges its neighbours (a new version), so the open ones are read again until none is left.
 */
async function clearOpen(request: APIRequestContext, sources: string[]) {
  await expect
    .poll(
      async () => {
        let open = 0;
        for (const source of sources) {
          for (const c of await candidatesOf(request, source)) {
            if (c.status !== "pending" && c.status !== "gated") continue;
            open++;
            await request.post(`/api/candidates/${c.id}/reject`, { data: { version: c.version, reason: "Test over" } });
          }
        }
        return open;
      },
      { message: "open candidates left by the test", timeout: 60_000 },
    )
    .toBe(0);
}

/**
 * Twenty cards in two meetings of ten statements (a short meeting keeps up to ten), each naming `tag` so a
 * test filters its own; two repeat facts approved from an earlier meeting (they are duplicates: `m` merges).
 * Sorted by source, the cards come in transcript order: meeting A's ten, then meeting B's. The statements
 * are this file's own: no other test says anything close to them.
 */
export async function seedTwentyCards(request: APIRequestContext, tag: string) {
  const earlier = await ingestByApi(request, `Walk basis ${tag}`, [
    `Priya: We decided to move the ${tag} kickoff to the harbour hall.`,
    `Marcus: The ${tag} design system must use eight pixel spacing.`,
  ]);
  expect(earlier.candidates).toHaveLength(2);
  for (const c of earlier.candidates) await approveByApi(request, c);
  const a = await ingestByApi(request, `Walk A ${tag}`, [
    `Priya: We decided to name the ${tag} mascot Pebble.`,
    `Marcus: The ${tag} travel allowance cannot exceed 900 euros.`,
    `Priya: As agreed, we decided to move the ${tag} kickoff to the harbour hall.`,
    `Aiko: The ${tag} kiosk must stay offline until June.`,
    `Marcus: I will order the ${tag} badges by Friday.`,
    `Lena: The ${tag} penetration test must finish before the demo.`,
    `Priya: We decided that ${tag} invoices are sent on the first Monday.`,
    `Lena: We decided to archive the ${tag} forum in favour of Discourse.`,
    `Omar: The ${tag} release train must ship every second Thursday.`,
    `Priya: I will write the ${tag} style guide by Wednesday.`,
  ]);
  const b = await ingestByApi(request, `Walk B ${tag}`, [
    `Lena: The ${tag} office must close at six on Fridays.`,
    `Omar: I will email the ${tag} legacy customers by Tuesday.`,
    `Priya: We decided to hire two ${tag} designers in spring.`,
    `Marcus: I will renew the ${tag} domain names by Thursday.`,
    `Omar: The ${tag} backups must be kept for ninety days.`,
    `Marcus: As agreed, the ${tag} design system must use eight pixel spacing.`,
    `Aiko: The ${tag} demo laptop cannot leave the building.`,
    `Lena: We decided to translate the ${tag} manual into Spanish.`,
    `Omar: I will audit the ${tag} access logs by Monday.`,
    `Aiko: The ${tag} public API cannot drop version one before December.`,
  ]);
  expect(a.candidates).toHaveLength(10);
  expect(b.candidates).toHaveLength(10);
  return { sources: [a.sourceId, b.sourceId] };
}
