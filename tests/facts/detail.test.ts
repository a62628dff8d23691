import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveCandidates } from "@/lib/db/candidates";
import { getFactDetail } from "@/lib/db/fact-detail";
import { createSource } from "@/lib/db/sources";
import { approveCandidate } from "@/lib/facts/decide";
import { reviewCandidates } from "@/lib/jobs/review-candidates";
import { parseSource } from "@/lib/sources/parse";
import { createTestDb, type TestDb } from "@/tests/db";
import { candidate } from "@/tests/review/fixtures";
import { testRunPayload } from "@/tests/runs";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

// A fact's page: where it was said (the quote in its transcript), what it replaced, and its history.

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

async function extracted(text: string, quote: string, speaker: string) {
  const p = db.prisma;
  const source = await createSource({
    spaceId: DEFAULT_SPACE_ID,
    db: p,
    source: {
      title: `Sync ${quote.slice(0, 12)}`,
      origin: "paste",
      parsed: { format: "text", text, segments: [], participants: [speaker] },
    },
  });
  const run = await p.extractionRun.create({
    data: { payload: testRunPayload(), sourceId: source.id, extractor: "offline", status: "running" },
  });
  const start = text.indexOf(quote);
  const list = [candidate(quote, { speaker, start, end: start + quote.length })];
  const reviews = await reviewCandidates({ spaceId: DEFAULT_SPACE_ID, db: p, candidates: list });
  await saveCandidates({ db: p, runId: run.id, chunkIndex: 0, candidates: list, reviews });
  return { id: reviews[0]?.id as string, sourceId: source.id };
}

describe("a fact's detail", () => {
  it("shows each quote inside its transcript, the fact it superseded, and every revision", async () => {
    const old = await extracted(
      "Priya: Morning.\nMarcus: The launch budget is 40,000 dollars.\nLena: Noted.",
      "The launch budget is 40,000 dollars.",
      "Marcus",
    );
    const oldFact = await approveCandidate({ db: db.prisma, candidateId: old.id, reviewerId: "local" });
    const next = await extracted(
      "Lena: Finance updated it.\nOmar: The launch budget is 50,000 dollars.",
      "The launch budget is 50,000 dollars.",
      "Omar",
    );
    const fact = await approveCandidate({
      db: db.prisma,
      candidateId: next.id,
      reviewerId: "local",
      supersedeFactIds: [oldFact.id],
    });

    const detail = await getFactDetail({ db: db.prisma, factId: fact.id });
    expect(detail?.provenance).toHaveLength(1);
    const context = detail?.contexts.get(detail.provenance[0]!.id);
    expect(context?.before).toBe("Lena: Finance updated it.\nOmar: ");
    expect(context?.after).toBe("");
    expect(detail?.relationsOut.map((r) => [r.type, r.toFact.content, r.toFact.status])).toEqual([
      ["supersedes", "The launch budget is 40,000 dollars.", "superseded"],
    ]);

    const replaced = await getFactDetail({ db: db.prisma, factId: oldFact.id });
    expect(replaced?.relationsIn.map((r) => [r.type, r.fromFact.id])).toEqual([["supersedes", fact.id]]);
    expect(replaced?.revisions.map((r) => [r.version, r.action, r.reviewer?.name])).toEqual([
      [1, "create", "Local reviewer"],
      [2, "supersede", "Local reviewer"],
    ]);
    expect(replaced?.revisions[1]?.before?.status).toBe("active");
    expect(replaced?.revisions[1]?.after?.status).toBe("superseded");
  });

  it("shows a subtitle quote in its transcript as it reads, though the source keeps the file's markup", async () => {
    const vtt =
      "WEBVTT\r\n\r\n00:00:01.000 --> 00:00:03.000\r\n<v Priya>Morning &amp; welcome.</v>\r\n\r\n" +
      "00:00:03.500 --> 00:00:06.000\r\n<v Omar>The launch budget is <b>60,000</b> dollars.</v>\r\n";
    const parsed = parseSource({ filename: "sync.vtt", text: vtt, maxBytes: 1_000_000 });
    const source = await createSource({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      source: { title: "Subtitled sync", origin: "upload", parsed },
    });
    const run = await db.prisma.extractionRun.create({
      data: { payload: testRunPayload(), sourceId: source.id, extractor: "offline", status: "running" },
    });
    const start = vtt.indexOf("The launch");
    const end = vtt.indexOf("</v>", start);
    const list = [candidate(vtt.slice(start, end), { speaker: "Omar", start, end })];
    const reviews = await reviewCandidates({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, candidates: list });
    await saveCandidates({ db: db.prisma, runId: run.id, chunkIndex: 0, candidates: list, reviews });
    const fact = await approveCandidate({ db: db.prisma, candidateId: reviews[0]!.id!, reviewerId: "local" });

    const detail = await getFactDetail({ db: db.prisma, factId: fact.id });
    const provenance = detail!.provenance[0]!;
    expect(provenance.quote).toBe("The launch budget is <b>60,000</b> dollars.");
    expect(detail?.contexts.get(provenance.id)).toEqual({
      before: "Priya: Morning & welcome.\nOmar: ",
      after: "",
      quote: "The launch budget is 60,000 dollars.",
      startMs: 3500,
    });
  });

  it("is null for a fact that does not exist", async () => {
    expect(await getFactDetail({ db: db.prisma, factId: "00000000-0000-0000-0000-000000000000" })).toBeNull();
  });
});
