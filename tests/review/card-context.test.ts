import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readQuoteContextAction } from "@/app/review/actions";
import { saveCandidates } from "@/lib/db/candidates";
import { kindDefinitions, toQueueCards } from "@/lib/db/queue-cards";
import { listQueuePage } from "@/lib/db/review-queue";
import { getSettings } from "@/lib/db/settings";
import { createSource } from "@/lib/db/sources";
import { parseEnv } from "@/lib/env";
import { CARD_CONTEXT_LINES, CONTEXT_LINES } from "@/lib/queue/candidate";
import { parseQueueQuery } from "@/lib/queue/schema";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";
import { createTestDb, type TestDb } from "@/tests/db";
import { testRunPayload } from "@/tests/runs";

// Issue 28: a card is sent with the lines around its quote that its focused view shows; "More context" reads the
// rest (up to CONTEXT_LINES a side), masked as the card is.

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

const SECRET = "sk_live_4eC39HqLyjWDarjtT1zdp7dc";
const QUOTE = "We ship the beta on Friday.";
let db: TestDb;
let candidateId: string;

beforeAll(async () => {
  db = await createTestDb();
  state.db = db.prisma;
  state.env = parseEnv({});
  // Twelve turns on either side of the quote; one of them says a credential aloud.
  const turns = [
    ...Array.from({ length: 12 }, (_, i) => `Ana: Before, point ${i + 1}.`),
    `Bo: ${QUOTE}`,
    ...Array.from({ length: 12 }, (_, i) => (i === 5 ? `Ana: The key is ${SECRET} for now.` : `Bo: After, ${i + 1}.`)),
  ];
  const text = turns.join("\n");
  const source = await createSource({
    spaceId: DEFAULT_SPACE_ID,
    db: db.prisma,
    source: { title: "Sync", origin: "paste", parsed: { format: "text", text, segments: [], participants: [] } },
  });
  const run = await db.prisma.extractionRun.create({
    data: { payload: testRunPayload(), sourceId: source.id, extractor: "offline", status: "succeeded" },
  });
  const start = text.indexOf(QUOTE);
  await saveCandidates({
    db: db.prisma,
    runId: run.id,
    chunkIndex: 0,
    candidates: [
      {
        content: QUOTE,
        kind: "decision",
        confidence: 0.9,
        importance: 0.5,
        temporal: "future",
        speaker: "Bo",
        quote: QUOTE,
        start,
        end: start + QUOTE.length,
        supported: true,
      },
    ],
  });
  candidateId = (await db.prisma.candidate.findFirstOrThrow({ where: { runId: run.id } })).id;
});
afterAll(async () => db?.close());

// The lines of transcript around the quote: the quote's own line (its speaker before it, nothing after it) aside.
const linesOf = (text: string) => text.split("\n").filter((l) => l.trim() !== "" && l !== "Bo: ");

describe("a card's context", () => {
  it("is sent with the lines its focused view shows, and says there is more", async () => {
    const { units } = await listQueuePage({ db: db.prisma, query: parseQueueQuery({}) });
    const definitions = kindDefinitions(await getSettings({ db: db.prisma, spaceId: DEFAULT_SPACE_ID }));
    const [card] = await toQueueCards({ db: db.prisma, units, definitions });
    expect(linesOf(card?.context?.before ?? "")).toHaveLength(CARD_CONTEXT_LINES - 1);
    expect(card?.context?.before.endsWith("Ana: Before, point 12.\nBo: ")).toBe(true);
    expect(linesOf(card?.context?.after ?? "")).toHaveLength(CARD_CONTEXT_LINES - 1);
    expect(card?.context?.more).toBe(true);
  });

  it("More context reads the rest, the credential masked as on the card", async () => {
    const result = await readQuoteContextAction({ candidateId });
    expect(result.ok).toBe(true);
    const context = result.ok ? result.data.context : null;
    expect(linesOf(context?.before ?? "")).toHaveLength(CONTEXT_LINES - 1);
    expect(context?.before.startsWith("Ana: Before, point 6.\n")).toBe(true);
    expect(linesOf(context?.after ?? "")).toHaveLength(CONTEXT_LINES - 1);
    expect(context?.after).toContain("The key is sk_live_");
    expect(context?.after).not.toContain(SECRET);
  });

  it("is a missing thing for a candidate that is not there", async () => {
    const result = await readQuoteContextAction({ candidateId: "00000000-0000-4000-8000-000000000000" });
    expect(result).toMatchObject({ ok: false, code: "NOT_FOUND" });
  });
});
