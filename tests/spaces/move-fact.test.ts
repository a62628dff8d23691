import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { moveFactAction } from "@/app/facts/[id]/actions";
import type { Actor } from "@/lib/auth/access";
import { getFactDetail } from "@/lib/db/fact-detail";
import { iterateFacts } from "@/lib/db/fact-export";
import { searchFacts } from "@/lib/db/fact-search";
import { createSpace } from "@/lib/db/spaces";
import { getEnv } from "@/lib/env";
import { approveCandidate, mergeCandidate } from "@/lib/facts/decide";
import { createManualFact } from "@/lib/facts/manual";
import { moveFact } from "@/lib/facts/move";
import { FactQuerySchema } from "@/lib/facts/query";
import { approveAndRejudge, editAndRejudge, moveFactAndRejudge } from "@/lib/jobs/decisions";
import { executeExtractionRun } from "@/lib/jobs/extraction";
import { startExtraction } from "@/lib/jobs/start-extraction";
import { MatchesSchema } from "@/lib/matcher/schema";
import type { SpaceRef } from "@/lib/spaces/schema";
import { parseSource } from "@/lib/sources/parse";
import { createTestDb, type TestDb } from "@/tests/db";

// Issue 27, item 5: a fact moved or copied to another space keeps its provenance and history; retrieval, search
// and the queue of each space follow it; the actor must review in both spaces.

const state = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock("@/lib/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/db/client")>()),
  getDb: async () => state.db,
}));
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const MEETING = [
  "Lin: We decided to launch billing v2 on October 22nd.",
  "Marcus: The code freeze starts on October 15th.",
  "Lin: Prices are shown excluding VAT for everyone.",
  "Marcus: I will email the partners by Friday.",
].join("\n");

const local: Actor = { kind: "person", id: "local", name: "Local", role: "admin", accounts: false, spaces: "all" };
const member = (spaces: Record<string, "viewer" | "reviewer" | "admin">): Actor => ({
  kind: "person",
  id: "local",
  name: "Mo",
  role: "reviewer",
  accounts: true,
  spaces,
});

let db: TestDb;
let billing: SpaceRef;
let mobile: SpaceRef;
/** Billing's facts: the one moved (edited once first), and two it relates to. */
const facts = { moved: "", related: "", contradicting: "", copied: "" };
/** Billing's open cards that repeat the moved fact (a second paste, left in the queue). */
let openRepeats: string[] = [];
/** Billing's open cards that repeat the related fact. */
let relatedRepeats: string[] = [];

async function extractIn(spaceId: string, title: string) {
  const started = await startExtraction({
    db: db.prisma,
    env: getEnv(),
    spaceId,
    source: { title, origin: "paste", parsed: parseSource({ text: MEETING, maxBytes: 1_000_000 }) },
    mode: "offline",
    again: true,
    runInBackground: () => undefined,
  });
  if (started.duplicateOf) throw new Error("unexpected duplicate");
  await executeExtractionRun({ db: db.prisma, runId: started.runId, standalone: true });
  return db.prisma.candidate.findMany({ where: { runId: started.runId }, orderBy: { start: "asc" } });
}

const named = (matches: unknown) => MatchesSchema.parse(matches ?? []).flatMap((m) => (m.factId ? [m.factId] : []));
const search = async (spaceId: string, q: string) =>
  (await searchFacts({ db: db.prisma, spaceId, query: FactQuerySchema.parse({ q }) })).facts.map((f) => f.id);

beforeAll(async () => {
  db = await createTestDb();
  state.db = db.prisma;
  billing = await createSpace({ db: db.prisma, space: { slug: "billing", name: "Billing" } });
  mobile = await createSpace({ db: db.prisma, space: { slug: "mobile", name: "Mobile" } });
  const candidates = await extractIn(billing.id, "Billing sync");
  const made: Array<{ id: string; content: string }> = [];
  for (const c of candidates)
    made.push(await approveAndRejudge({ db: db.prisma, candidateId: c.id, reviewerId: "local" }));
  const find = (words: string) => made.find((f) => f.content.includes(words))?.id ?? "";
  facts.moved = find("billing v2");
  facts.related = find("code freeze");
  const manual = await createManualFact({
    db: db.prisma,
    spaceId: billing.id,
    input: { content: "Refunds are paid within five days.", kind: "decision", temporal: "present" },
    reviewerId: "local",
  });
  facts.contradicting = manual.id;
  facts.copied = find("partners");
  expect(Object.values(facts).every(Boolean), JSON.stringify(made.map((f) => f.content))).toBe(true);
  // History before the move: an edit (its words stay, so a repeat is still the same words).
  await editAndRejudge({
    db: db.prisma,
    factId: facts.moved,
    expectedVersion: 1,
    edits: { importance: 0.9 },
    reviewerId: "local",
  });
  await db.prisma.factRelation.createMany({
    data: [
      { fromFactId: facts.moved, toFactId: facts.related, type: "related" },
      { fromFactId: facts.contradicting, toFactId: facts.moved, type: "contradicts" },
    ],
  });
  const again = await extractIn(billing.id, "Billing sync, again");
  openRepeats = again.filter((c) => named(c.matches).includes(facts.moved)).map((c) => c.id);
  relatedRepeats = again.filter((c) => named(c.matches).includes(facts.related)).map((c) => c.id);
  expect(openRepeats.length).toBeGreaterThan(0);
}, 120_000);
afterAll(async () => db?.close());

describe("moving a fact to another space", () => {
  it("refuses a target the actor cannot reach, a role too small in either space, and the same space", async () => {
    const move = (actor: Actor, toSpace: string) =>
      moveFactAndRejudge({ db: db.prisma, actor, factId: facts.moved, expectedVersion: 2, toSpace, mode: "move" });
    await expect(move(member({ [billing.id]: "reviewer" }), "mobile")).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: 'No space named "mobile".',
    });
    // The same words as a space that does not exist.
    await expect(move(member({ [billing.id]: "reviewer" }), "nowhere")).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: 'No space named "nowhere".',
    });
    await expect(move(member({ [billing.id]: "reviewer", [mobile.id]: "viewer" }), "mobile")).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(move(member({ [billing.id]: "viewer", [mobile.id]: "reviewer" }), "mobile")).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    // A member of Mobile only: the fact is not there for them.
    await expect(move(member({ [mobile.id]: "admin" }), "mobile")).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "This fact no longer exists.",
    });
    await expect(move(local, "billing")).rejects.toMatchObject({ code: "VALIDATION" });
    // A stale page: the fact is at version 2, the reviewer opened version 1.
    await expect(
      moveFactAndRejudge({
        db: db.prisma,
        actor: local,
        factId: facts.moved,
        expectedVersion: 1,
        toSpace: "mobile",
        mode: "move",
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const fact = await db.prisma.fact.findUniqueOrThrow({ where: { id: facts.moved } });
    expect(fact).toMatchObject({ spaceId: billing.id, version: 2 });
    expect(
      await db.prisma.factRelation.count({ where: { OR: [{ fromFactId: fact.id }, { toFactId: fact.id }] } }),
    ).toBe(2);
  });

  it("keeps id, history and quotes, drops and counts relations, and is found in the new space only", async () => {
    const before = await db.prisma.factProvenance.findMany({ where: { factId: facts.moved } });
    expect(await search(billing.id, "billing")).toContain(facts.moved);
    const result = await moveFactAndRejudge({
      db: db.prisma,
      actor: member({ [billing.id]: "reviewer", [mobile.id]: "reviewer" }),
      factId: facts.moved,
      expectedVersion: 2,
      toSpace: "Mobile",
      mode: "move",
    });
    expect(result).toMatchObject({ factId: facts.moved, version: 3, droppedRelations: 2 });
    expect(result.message).toBe("Moved to Mobile. 2 relations to facts in Billing were dropped.");

    const fact = await db.prisma.fact.findUniqueOrThrow({
      where: { id: facts.moved },
      include: { revisions: { orderBy: { version: "asc" } }, provenance: true, relationsIn: true, relationsOut: true },
    });
    expect(fact).toMatchObject({ spaceId: mobile.id, version: 3, status: "active" });
    expect(fact.revisions.map((r) => [r.version, r.action])).toEqual([
      [1, "create"],
      [2, "edit"],
      [3, "move"],
    ]);
    expect(fact.revisions[2]?.reason).toBe(
      "Moved from Billing to Mobile; 2 relations to facts in Billing were dropped",
    );
    expect(fact.provenance.map((p) => [p.id, p.quote, p.sourceId, p.speaker])).toEqual(
      before.map((p) => [p.id, p.quote, p.sourceId, p.speaker]),
    );
    expect([...fact.relationsIn, ...fact.relationsOut]).toEqual([]);
    // The facts left behind are as they were.
    expect(
      await db.prisma.fact.count({ where: { id: { in: [facts.related, facts.contradicting] }, version: 1 } }),
    ).toBe(2);

    // Its retrieval keys are salted with Mobile's id now, as a fact made there.
    const [keys] = await db.prisma.$queryRaw<Array<{ expected: bigint[]; actual: bigint[] }>>`
      SELECT ARRAY(SELECT k FROM unnest(sift_space_keys(sift_lsh_keys(${fact.content}), ${mobile.id})) k ORDER BY k)
               AS expected,
             ARRAY(SELECT b."band" FROM "FactBand" b WHERE b."factId" = ${fact.id} ORDER BY b."band") AS actual`;
    expect(keys!.actual.length).toBeGreaterThan(0);
    expect(keys!.actual).toEqual([...new Set(keys!.expected)]);

    expect(await search(mobile.id, "billing")).toContain(facts.moved);
    expect(await search(billing.id, "billing")).not.toContain(facts.moved);

    // Mobile's export has the fact with its quotes, and not the title of Billing's source they came from.
    const exported = [];
    for await (const batch of iterateFacts({ db: db.prisma, spaceId: mobile.id, query: FactQuerySchema.parse({}) }))
      exported.push(...batch);
    const row = exported.find((f) => f.id === facts.moved);
    expect(row?.provenance.map((p) => [p.quote, p.source])).toEqual(before.map((p) => [p.quote, null]));
  });

  it("stops Billing's open cards offering it and refuses a merge into it", async () => {
    const open = await db.prisma.candidate.findMany({ where: { id: { in: openRepeats } } });
    for (const c of open) {
      expect(["pending", "gated"]).toContain(c.status);
      expect(named(c.matches), c.content).not.toContain(facts.moved);
    }
    await expect(
      mergeCandidate({ db: db.prisma, candidateId: openRepeats[0]!, factId: facts.moved, reviewerId: "local" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await db.prisma.candidate.findUniqueOrThrow({ where: { id: openRepeats[0]! } })).status).not.toBe("merged");
  });

  it("refuses merging, superseding or relating a fact moved away that a stale card still names", async () => {
    expect(relatedRepeats.length).toBeGreaterThan(0);
    // Moved without the re-judging that follows in the app (as if it had failed): the card still names it.
    await moveFact({
      db: db.prisma,
      actor: local,
      factId: facts.related,
      expectedVersion: 1,
      toSpace: "mobile",
      mode: "move",
    });
    const card = relatedRepeats[0]!;
    expect(named((await db.prisma.candidate.findUniqueOrThrow({ where: { id: card } })).matches)).toContain(
      facts.related,
    );
    await expect(
      mergeCandidate({ db: db.prisma, candidateId: card, factId: facts.related, reviewerId: "local" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    for (const ids of [{ supersedeFactIds: [facts.related] }, { relateFactIds: [facts.related] }]) {
      await expect(
        approveCandidate({ db: db.prisma, candidateId: card, reviewerId: "local", ...ids }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect((await db.prisma.candidate.findUniqueOrThrow({ where: { id: card } })).status).toMatch(/pending|gated/);
    expect((await db.prisma.fact.findUniqueOrThrow({ where: { id: facts.related } })).status).toBe("active");
  });

  it("is a duplicate to a repeat pasted in Mobile, and nothing to one pasted in Billing", async () => {
    const inMobile = await extractIn(mobile.id, "Mobile sync");
    const repeat = inMobile.find((c) => c.content.includes("billing v2"));
    expect(repeat?.verdict).toBe("duplicate");
    expect(named(repeat?.matches)).toContain(facts.moved);
    const inBilling = await extractIn(billing.id, "Billing sync, third");
    for (const c of inBilling) expect(named(c.matches), c.content).not.toContain(facts.moved);
  });

  it("shows the quote and speaker without a source the reader cannot reach", async () => {
    const onlyMobile = await getFactDetail({ db: db.prisma, factId: facts.moved, mayRead: (id) => id === mobile.id });
    const quoted = onlyMobile!.provenance.find((p) => p.quote?.includes("billing v2"));
    expect(quoted).toMatchObject({ source: null, sourceId: null, elsewhere: true, speaker: "Lin" });
    expect(onlyMobile!.contexts.size).toBe(0);
    const both = await getFactDetail({ db: db.prisma, factId: facts.moved, mayRead: () => true });
    expect(both!.provenance.every((p) => p.source?.title === "Billing sync" && !p.elsewhere)).toBe(true);
    const listed = await searchFacts({ db: db.prisma, spaceId: mobile.id, query: FactQuerySchema.parse({}) });
    // The list says "a source in another space" for these: no title, no link.
    for (const p of listed.facts.find((f) => f.id === facts.moved)!.provenance) {
      expect(p.source).toBeNull();
      expect(p.sourceId).not.toBeNull();
    }
  });
});

describe("copying a fact to another space", () => {
  it("makes a new fact there with its quotes and a first revision, and leaves the original as it was", async () => {
    const original = await db.prisma.fact.findUniqueOrThrow({
      where: { id: facts.copied },
      include: { provenance: true, revisions: true },
    });
    const result = await moveFactAndRejudge({
      db: db.prisma,
      actor: local,
      factId: facts.copied,
      expectedVersion: original.version,
      toSpace: "mobile",
      mode: "copy",
    });
    expect(result.factId).not.toBe(facts.copied);
    expect(result.message).toBe("Copied to Mobile; the fact in Billing is unchanged.");
    const copy = await db.prisma.fact.findUniqueOrThrow({
      where: { id: result.factId },
      include: { provenance: true, revisions: true },
    });
    const same = (f: typeof original) => [f.content, f.kind, f.temporal, f.importance, f.subject, f.validTo];
    expect(same(copy)).toEqual(same(original));
    expect(copy).toMatchObject({ spaceId: mobile.id, version: 1, status: "active" });
    expect(copy.revisions).toMatchObject([
      { version: 1, action: "copy", reason: `Copied from Billing (fact ${facts.copied})`, reviewerId: "local" },
    ]);
    expect(copy.provenance.map((p) => [p.quote, p.start, p.end, p.speaker, p.runId, p.extractor, p.sourceId])).toEqual(
      original.provenance.map((p) => [p.quote, p.start, p.end, p.speaker, p.runId, p.extractor, null]),
    );
    expect(
      await db.prisma.fact.findUniqueOrThrow({
        where: { id: facts.copied },
        include: { provenance: true, revisions: true },
      }),
    ).toEqual(original);
    expect(await search(mobile.id, "partners")).toEqual([copy.id]);
    expect(await search(billing.id, "partners")).toEqual([facts.copied]);
    // Copying again: Mobile says it already.
    await expect(
      moveFactAndRejudge({
        db: db.prisma,
        actor: local,
        factId: facts.copied,
        expectedVersion: original.version,
        toSpace: "mobile",
        mode: "copy",
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });
});

describe("the server action", () => {
  it("copies as the local reviewer and answers where the fact now is; a stale version is CONFLICT", async () => {
    const stale = await moveFactAction({ factId: facts.moved, version: 2, space: "billing", mode: "copy" });
    expect(stale).toMatchObject({ ok: false, code: "CONFLICT" });
    const done = await moveFactAction({ factId: facts.moved, version: 3, space: "billing", mode: "copy" });
    expect(done).toMatchObject({ ok: true, data: { mode: "copy", space: "billing", version: 1, droppedRelations: 0 } });
    if (!done.ok) return;
    expect(await db.prisma.fact.findUniqueOrThrow({ where: { id: done.data.factId } })).toMatchObject({
      spaceId: billing.id,
    });
    expect(await moveFactAction({ factId: facts.moved, version: 3, space: "mobile", mode: "move" })).toMatchObject({
      ok: false,
      code: "VALIDATION",
    });
  });
});
