import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSettings } from "@/lib/db/settings";
import { createLlmExtractor } from "@/lib/extraction/llm/extractor";
import { ChunkLogSchema } from "@/lib/extraction/schema";
import { approveCandidate, rejectCandidate } from "@/lib/facts/decide";
import { executeExtractionRun } from "@/lib/jobs/extraction";
import { SettingsSchema } from "@/lib/settings/schema";
import { createTestDb, type TestDb } from "@/tests/db";
import { fact, factsResult, scriptedModel } from "@/tests/llm/mock-models";
import { createPastedRun } from "@/tests/runs";

// A reviewer's decisions hold when the same meeting is extracted again: a rejected line comes back marked
// "Rejected before" (or rejected again, when Settings say so, and counted on the run), and the original
// wording of a line approved with edits, or approved as is, is a duplicate of the fact it became.

const LINES = [
  "Ana: Bo owns the billing rollout.",
  "Bo: The launch moved to March.",
  "Cy: We use Zendesk for support tickets.",
];
const FACTS = [
  { content: "Bo owns the billing rollout.", speaker: "Ana", quote: "Bo owns the billing rollout." },
  { content: "The launch moved to March.", speaker: "Bo", quote: "The launch moved to March." },
  { content: "We use Zendesk for support tickets.", speaker: "Cy", quote: "We use Zendesk for support tickets." },
];

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

async function extract(facts = FACTS) {
  const model = scriptedModel([factsResult(facts.map((f) => fact({ ...f, confidence: 0.95 })))]);
  const extractor = createLlmExtractor({ model, modelId: "mock-model", timeoutMs: 5_000, maxRetries: 0 });
  const { run } = await createPastedRun({ db: db.prisma, text: LINES.join("\n"), title: "Launch sync" });
  await executeExtractionRun({ db: db.prisma, runId: run.id, extractor });
  const candidates = await db.prisma.candidate.findMany({ where: { runId: run.id } });
  const byText = (start: string) => candidates.find((c) => c.content.startsWith(start))!;
  const stored = await db.prisma.extractionRun.findUniqueOrThrow({ where: { id: run.id } });
  return { byText, count: candidates.length, chunkLog: ChunkLogSchema.parse(stored.chunkLog) };
}

describe("decisions remembered across runs", () => {
  it("shows a rejected repeat with its reason, and makes an approved one's words a duplicate of its fact", async () => {
    const rita = await db.prisma.reviewer.create({ data: { name: "Rita" } });
    const first = await extract();
    expect(first.count).toBe(3);
    await rejectCandidate({
      db: db.prisma,
      candidateId: first.byText("Bo owns").id,
      reviewerId: rita.id,
      reason: "Superseded",
    });
    const edited = await approveCandidate({
      db: db.prisma,
      candidateId: first.byText("The launch").id,
      reviewerId: rita.id,
      edits: { content: "The launch moved to March 14." },
    });
    const approved = await approveCandidate({
      db: db.prisma,
      candidateId: first.byText("We use Zendesk").id,
      reviewerId: rita.id,
    });

    const again = await extract();
    const today = new Date().toISOString().slice(0, 10);
    expect(again.byText("Bo owns")).toMatchObject({
      status: "gated",
      gateReason: expect.stringContaining(`Rejected before: Superseded, by Rita, ${today}`),
    });
    const launch = again.byText("The launch");
    expect(launch.status).toBe("pending");
    expect(launch.verdict).toBe("duplicate");
    expect(launch.matches).toContainEqual(
      expect.objectContaining({ factId: edited.id, content: "The launch moved to March 14.", verdict: "duplicate" }),
    );
    expect(again.byText("We use Zendesk")).toMatchObject({ verdict: "duplicate" });
    expect(again.byText("We use Zendesk").matches).toContainEqual(
      expect.objectContaining({ factId: approved.id, verdict: "duplicate" }),
    );
    expect(again.chunkLog.reduce((n, e) => n + (e.rejectedAgain ?? 0), 0)).toBe(0);
  });

  it("rejects a repeat again with the same reason when Settings say so, and counts it on the run", async () => {
    await saveSettings({
      db: db.prisma,
      spaceId: "default",
      settings: SettingsSchema.parse({ gates: { autoRejectRepeats: true } }),
    });
    const third = await extract();
    expect(third.byText("Bo owns")).toMatchObject({
      status: "rejected",
      rejectReason: "Superseded",
      gateReason: expect.stringContaining("Rejected before: Superseded, by Rita"),
    });
    expect(third.byText("The launch").status).toBe("pending");
    expect(third.chunkLog.reduce((n, e) => n + (e.rejectedAgain ?? 0), 0)).toBe(1);
  });

  it("knows a reworded repeat of a rejected line by the matcher, not only the same words", async () => {
    await saveSettings({ db: db.prisma, spaceId: "default", settings: SettingsSchema.parse({}) });
    const reworded = { ...FACTS[0]!, content: "Bo owns the whole billing rollout." };
    const fourth = await extract([reworded, FACTS[2]!]);
    expect(fourth.byText("Bo owns the whole")).toMatchObject({
      status: "gated",
      gateReason: expect.stringContaining("Rejected before: Superseded, by Rita"),
    });
  });
});
