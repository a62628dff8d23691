import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveCandidates } from "@/lib/db/candidates";
import { getQuoteContexts } from "@/lib/db/quote-contexts";
import { createSource } from "@/lib/db/sources";
import type { Segment } from "@/lib/sources/schema";
import { createTestDb, type TestDb } from "@/tests/db";
import { testRunPayload } from "@/tests/runs";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

/** A source with the given turns (times optional) and one candidate quoting each `quotes` entry. */
async function seed(turns: Array<{ speaker: string; said: string; startMs?: number }>, quotes: string[]) {
  let text = "";
  const segments: Segment[] = turns.map((t) => {
    const line = `${t.speaker}: ${t.said}`;
    const start = text.length + t.speaker.length + 2;
    text += `${line}\n`;
    return {
      speaker: t.speaker,
      startMs: t.startMs ?? null,
      endMs: null,
      text: t.said,
      start,
      end: start + t.said.length,
    };
  });
  const source = await createSource({
    spaceId: DEFAULT_SPACE_ID,
    db: db.prisma,
    source: { title: "Sync", origin: "paste", parsed: { format: "text", text, segments, participants: [] } },
  });
  const run = await db.prisma.extractionRun.create({
    data: {
      payload: testRunPayload(),
      sourceId: source.id,
      extractor: "offline",
      modelId: null,
      promptVersion: "offline-1",
      status: "succeeded",
    },
  });
  await saveCandidates({
    db: db.prisma,
    runId: run.id,
    chunkIndex: 0,
    candidates: quotes.map((quote) => {
      const start = text.indexOf(quote);
      return {
        content: quote,
        kind: "decision",
        confidence: 0.9,
        importance: 0.5,
        temporal: "present",
        speaker: null,
        quote,
        start,
        end: start + quote.length,
        supported: true,
      };
    }),
  });
  const rows = await db.prisma.candidate.findMany({ where: { runId: run.id }, orderBy: { start: "asc" } });
  return getQuoteContexts({ db: db.prisma, candidateIds: rows.map((r) => r.id) }).then((m) =>
    rows.map((r) => m.get(r.id)),
  );
}

describe("quote contexts", () => {
  it("cuts the text around each quote at its UTF-16 offsets, past characters outside the BMP", async () => {
    const [first, second] = await seed(
      [
        { speaker: "Lena", said: "Great news 🎉🎉 everyone." },
        { speaker: "Omar", said: "We ship the beta on Friday." },
        { speaker: "Lena", said: "The budget is capped at 40k." },
      ],
      ["We ship the beta on Friday.", "The budget is capped at 40k."],
    );
    expect(first).toEqual({
      before: "Lena: Great news 🎉🎉 everyone.\nOmar: ",
      after: "\nLena: The budget is capped at 40k.\n",
      startMs: null,
    });
    expect(second?.before.endsWith("Friday.\nLena: ")).toBe(true);
  });

  it("gives each quote the time of the segment it is in, when the source has times", async () => {
    const contexts = await seed(
      [
        { speaker: "Lena", said: "We ship the beta on Friday.", startMs: 0 },
        { speaker: "Omar", said: "The budget is capped at 40k.", startMs: 65_000 },
      ],
      ["We ship the beta on Friday.", "The budget is capped at 40k."],
    );
    expect(contexts.map((c) => c?.startMs)).toEqual([0, 65_000]);
  });
});
