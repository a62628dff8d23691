import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { approveCandidateAction, mergeCandidateAction, rejectCandidateAction } from "@/app/review/actions";
import { kindDefinitions, toQueueCards } from "@/lib/db/queue-cards";
import { listQueuePage } from "@/lib/db/review-queue";
import { getSettings } from "@/lib/db/settings";
import { parseEnv } from "@/lib/env";
import type { QueueCard, QueuePatch } from "@/lib/queue/candidate";
import { parseQueueQuery } from "@/lib/queue/schema";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { addFact, extractCandidates } from "@/tests/review/fixtures";

// Issue 28: a decision answers with the cards of the reviewer's view it changed, not the page re-rendered; the
// queue patches its list with them. Each patched card must read exactly as the page would now send it, so the
// queue is never staler than a re-rendered page.

const state = vi.hoisted(() => ({ db: undefined as unknown, env: undefined as unknown }));
vi.mock("@/lib/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/db/client")>()),
  getDb: async () => state.db,
}));
vi.mock("@/lib/env", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/env")>()),
  getEnv: () => state.env,
}));
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));
// No decision on a card revalidates a page any more: one that did would re-render the queue into its answer.
const revalidated = vi.hoisted(() => [] as string[]);
vi.mock("next/cache", () => ({ revalidatePath: (path: string) => void revalidated.push(path) }));

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
  state.db = db.prisma;
  state.env = parseEnv({});
});
afterAll(async () => db?.close());
beforeEach(async () => {
  await truncateAll(db.prisma);
  revalidated.length = 0;
});

/** What an extraction run does with its candidates (tests/review/fixtures.ts). */
const extract = (texts: string[]) => extractCandidates(db.prisma, texts);

/** The cards the page reads now for a view, as it sends them. */
async function page(view = ""): Promise<Map<string, QueueCard>> {
  const query = parseQueueQuery(Object.fromEntries(new URLSearchParams(view)));
  const { units } = await listQueuePage({ db: db.prisma, query });
  const definitions = kindDefinitions(await getSettings({ db: db.prisma, spaceId: DEFAULT_SPACE_ID }));
  const cards = await toQueueCards({ db: db.prisma, units, definitions });
  return new Map(cards.map((c) => [c.id, c]));
}

function patchOf(result: { ok: boolean; data?: { queue?: QueuePatch } }): QueuePatch {
  expect(result).toMatchObject({ ok: true });
  expect(result.data?.queue).toBeDefined();
  return result.data?.queue as QueuePatch;
}

describe("a decision's answer", () => {
  it("sends the card an approval re-judged, as the page now reads it", async () => {
    const [low] = await extract(["The launch budget is 40,000 dollars."]);
    const [high] = await extract(["The launch budget is 50,000 dollars."]);
    const patch = patchOf(await approveCandidateAction({ candidateId: low!, view: "" }));
    expect(patch.cards.map((c) => c.id)).toEqual([high]);
    const [card] = patch.cards;
    expect(card?.verdict).toBe("contradicts");
    expect(card?.matches).toEqual([expect.objectContaining({ verdict: "contradicts", factId: expect.any(String) })]);
    // Word for word the card a re-rendered page would send, its fact's source included.
    expect(card).toEqual((await page()).get(high!));
    expect(patch.gone).toEqual([]);
    expect(revalidated).toEqual([]);
  });

  it("says a re-judged card left the view when it no longer matches the view's filter", async () => {
    const [low] = await extract(["The launch budget is 40,000 dollars."]);
    const [high] = await extract(["The launch budget is 60,000 dollars."]);
    const view = "verdict=new";
    expect([...(await page(view)).keys()]).toEqual([low]);
    // Approved from this view's neighbour (the whole queue), the other amount makes `low` contradict a fact.
    const patch = patchOf(await approveCandidateAction({ candidateId: high!, view }));
    expect(patch).toEqual({ cards: [], gone: [low], freed: [] });
    expect((await page(view)).size).toBe(0);
    expect((await page()).get(low!)?.verdict).toBe("contradicts");
  });

  it("frees the members of a card approved without them: each a card of its own now", async () => {
    const [head] = await extract(["Priya decided to drop the Android beta in March."]);
    const [member] = await extract(["priya decided to drop the android beta in march!"]);
    expect((await db.prisma.candidate.findUniqueOrThrow({ where: { id: member! } })).clusterId).toBe(head);
    const patch = patchOf(await approveCandidateAction({ candidateId: head!, withCluster: false, view: "" }));
    expect(patch.freed.map((c) => c.id)).toEqual([member]);
    expect(patch.freed[0]?.verdict).toBe("duplicate");
    expect(patch.freed[0]).toEqual((await page()).get(member!));
    expect(patch.cards).toEqual([]);
  });

  it("answers a merge the same way, without revalidating a page", async () => {
    const fact = await addFact(db.prisma, "Omar owns the status page.");
    const [card] = await extract(["Omar owns the status page."]);
    const [other] = await extract(["Omar owns the status page for the launch."]);
    const patch = patchOf(await mergeCandidateAction({ candidateId: card!, factId: fact.id, view: "" }));
    // The fact took this card's provenance; a card near it is judged again against the fact as it is now.
    for (const c of patch.cards) expect(c).toEqual((await page()).get(c.id));
    expect((await page()).has(card!)).toBe(false);
    expect((await page()).has(other!)).toBe(true);
    expect(revalidated).toEqual([]);
  });

  it("rejecting a cluster sends no card of it back", async () => {
    const [a] = await extract(["Thanks all, talk next week."]);
    await extract(["Thanks all, talk next week."]);
    const patch = patchOf(await rejectCandidateAction({ candidateId: a!, withCluster: true, view: "" }));
    expect(patch.freed).toEqual([]);
    expect(patch.cards).toEqual([]);
    expect((await page()).size).toBe(0);
  });

  it("carries no cards when the caller names no view (the REST API, scripts)", async () => {
    const [a] = await extract(["The launch budget is 40,000 dollars."]);
    await extract(["The launch budget is 50,000 dollars."]);
    const result = await approveCandidateAction({ candidateId: a! });
    expect(result).toMatchObject({ ok: true, data: { queue: undefined } });
  });
});
