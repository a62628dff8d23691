import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getApprovalRates, getBacklogByDay, getStatusCounts, listRecentRuns } from "@/lib/db/dashboard";
import type { CandidateStatus, FactStatus } from "@/lib/generated/prisma/client";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { testRunPayload } from "@/tests/runs";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

// The dashboard's aggregations over a database whose outcomes are known: counts, approval rates per group
// and the open backlog rebuilt day by day from candidates and their events.

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());
beforeEach(async () => truncateAll(db.prisma));

const day = (d: string, time = "12:00") => new Date(`${d}T${time}:00Z`);

async function source(title = "Weekly sync") {
  return db.prisma.source.create({
    data: { title, origin: "paste", text: "Priya: hello", contentHash: title },
  });
}

async function run(sourceId: string, extractor: string, modelId: string | null, promptVersion: string | null) {
  return db.prisma.extractionRun.create({
    data: { payload: testRunPayload(), sourceId, extractor, modelId, promptVersion, status: "succeeded" },
  });
}

let n = 0;
async function candidate(
  runId: string,
  status: CandidateStatus,
  { kind = "decision", createdAt = new Date(), reviewedAt = null as Date | null } = {},
) {
  n += 1;
  return db.prisma.candidate.create({
    data: {
      runId,
      content: `Statement ${n}`,
      kind,
      confidence: 0.9,
      importance: 0.5,
      temporal: "present",
      quote: `Statement ${n}`,
      status,
      createdAt,
      reviewedAt,
    },
  });
}

async function event(candidateId: string, action: string, createdAt: Date) {
  await db.prisma.candidateEvent.create({ data: { candidateId, action, createdAt } });
}

async function fact(status: FactStatus, kind = "decision") {
  n += 1;
  await db.prisma.fact.create({
    data: {
      content: `Fact ${n}`,
      contentHash: `h${n}`,
      kind,
      confidence: 1,
      importance: 0.5,
      temporal: "present",
      status,
    },
  });
}

describe("getStatusCounts", () => {
  it("counts facts and candidates by status, and active facts and open candidates by kind", async () => {
    const s = await source();
    const r = await run(s.id, "offline", null, "offline-2");
    for (const status of ["active", "active", "superseded", "archived"] as const) await fact(status);
    await fact("active", "risk");
    await fact("archived", "risk");
    await candidate(r.id, "pending", { kind: "risk" });
    await candidate(r.id, "gated", { kind: "risk" });
    await candidate(r.id, "pending");
    await candidate(r.id, "approved");
    await candidate(r.id, "merged");
    await candidate(r.id, "rejected", { kind: "question" });

    const counts = await getStatusCounts({ db: db.prisma, spaceId: DEFAULT_SPACE_ID });
    expect(counts.facts).toEqual({ active: 3, superseded: 1, archived: 2 });
    expect(counts.candidates).toEqual({ pending: 2, gated: 1, approved: 1, merged: 1, rejected: 1 });
    expect(counts.sources).toBe(1);
    // Most first, ties by name; a kind with neither active facts nor open candidates (question) is left out.
    expect(counts.kinds).toEqual([
      { kind: "decision", activeFacts: 2, openCandidates: 1 },
      { kind: "risk", activeFacts: 1, openCandidates: 2 },
    ]);
  });

  it("an empty database has zero of everything", async () => {
    const counts = await getStatusCounts({ db: db.prisma, spaceId: DEFAULT_SPACE_ID });
    expect(counts).toMatchObject({ sources: 0, kinds: [], facts: { active: 0 }, candidates: { pending: 0 } });
  });
});

describe("getApprovalRates", () => {
  it("counts approved and merged as accepted, rejected as not, per kind, extractor and prompt version", async () => {
    const s = await source();
    const offline = await run(s.id, "offline", null, "offline-2");
    const llm = await run(s.id, "llm", "gpt-test", "extract-v2");
    const custom = await run(s.id, "llm", "gpt-test", "custom-1234abcd");
    for (const status of ["approved", "approved", "merged", "rejected"] as const) await candidate(offline.id, status);
    await candidate(offline.id, "pending"); // open: counts nowhere
    await candidate(offline.id, "gated");
    await candidate(llm.id, "approved", { kind: "risk" });
    await candidate(llm.id, "rejected", { kind: "risk" });
    await candidate(custom.id, "rejected", { kind: "risk" });
    // Rejected because its source was forgotten: no judgement of the proposal, so it counts nowhere.
    const forgotten = await candidate(custom.id, "rejected", { kind: "risk" });
    await db.prisma.candidate.update({ where: { id: forgotten.id }, data: { rejectReason: "source forgotten" } });
    const vague = await candidate(custom.id, "rejected", { kind: "question" });
    await db.prisma.candidate.update({ where: { id: vague.id }, data: { rejectReason: "Too vague" } });

    const rates = await getApprovalRates({ db: db.prisma, spaceId: DEFAULT_SPACE_ID });
    expect(rates.byKind).toEqual([
      { label: "decision", accepted: 3, rejected: 1 },
      { label: "risk", accepted: 1, rejected: 2 },
      { label: "question", accepted: 0, rejected: 1 },
    ]);
    expect(rates.byExtractor).toEqual([
      { label: "llm · gpt-test", accepted: 1, rejected: 3 },
      { label: "offline", accepted: 3, rejected: 1 },
    ]);
    expect(rates.byPromptVersion).toEqual([
      { label: "offline-2", accepted: 3, rejected: 1 },
      { label: "custom-1234abcd", accepted: 0, rejected: 2 },
      { label: "extract-v2", accepted: 1, rejected: 1 },
    ]);
  });

  it("has no groups before anything is decided", async () => {
    const s = await source();
    await candidate((await run(s.id, "offline", null, null)).id, "pending");
    expect(await getApprovalRates({ db: db.prisma, spaceId: DEFAULT_SPACE_ID })).toEqual({
      byKind: [],
      byExtractor: [],
      byPromptVersion: [],
    });
  });
});

describe("getBacklogByDay", () => {
  it("rebuilds the open candidates at the end of each day from creation, decisions and undos", async () => {
    const s = await source();
    const r = await run(s.id, "offline", null, "offline-2");
    // Before the window: opened on 1 Nov, still open; and one opened and decided before it.
    await candidate(r.id, "pending", { createdAt: day("2026-11-01") });
    const early = await candidate(r.id, "rejected", { createdAt: day("2026-11-01"), reviewedAt: day("2026-11-02") });
    await event(early.id, "rejected", day("2026-11-02"));
    // Opened 20 Nov, approved 22 Nov, undone 23 Nov, rejected 25 Nov.
    const a = await candidate(r.id, "rejected", { createdAt: day("2026-11-20"), reviewedAt: day("2026-11-25") });
    await event(a.id, "approved", day("2026-11-22"));
    await event(a.id, "undone", day("2026-11-23"));
    await event(a.id, "rejected", day("2026-11-25"));
    // Auto-approved on arrival (no events, no reviewedAt): never in the backlog.
    await candidate(r.id, "approved", { createdAt: day("2026-11-21") });
    // Decided by a path without events: open from 21 Nov until its reviewedAt, 24 Nov late in the day.
    await candidate(r.id, "merged", { createdAt: day("2026-11-21"), reviewedAt: day("2026-11-24", "23:59") });
    // Opened today (the window's last day) after midnight UTC, gated.
    await candidate(r.id, "gated", { createdAt: day("2026-11-30", "00:30") });

    const backlog = await getBacklogByDay({
      db: db.prisma,
      spaceId: DEFAULT_SPACE_ID,
      now: day("2026-11-30", "18:00"),
      days: 12,
    });
    expect(backlog.map((d) => d.day)).toEqual([
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
      "2026-11-30",
    ]);
    expect(backlog.map((d) => d.open)).toEqual([1, 2, 3, 2, 3, 2, 1, 1, 1, 1, 1, 2]);
  });

  it("is thirty days of zeros on an empty database", async () => {
    const backlog = await getBacklogByDay({ db: db.prisma, spaceId: DEFAULT_SPACE_ID, now: day("2026-12-01") });
    expect(backlog).toHaveLength(30);
    expect(backlog[0]).toEqual({ day: "2026-11-02", open: 0 });
    expect(backlog.every((d) => d.open === 0)).toBe(true);
  });
});

describe("listRecentRuns", () => {
  it("lists the newest runs first with their source, usage and number of candidates", async () => {
    const s = await source("Planning");
    const older = await run(s.id, "offline", null, "offline-2");
    await db.prisma.extractionRun.update({ where: { id: older.id }, data: { createdAt: day("2026-11-01") } });
    const newer = await db.prisma.extractionRun.create({
      data: {
        payload: testRunPayload(),
        sourceId: s.id,
        extractor: "llm",
        modelId: "gpt-test",
        promptVersion: "extract-v2",
        status: "partial",
        inputTokens: 1200,
        outputTokens: 300,
        costUsd: 0.0042,
        durationMs: 5300,
      },
    });
    await candidate(newer.id, "pending");
    await candidate(newer.id, "approved");

    const runs = await listRecentRuns({ db: db.prisma, spaceId: DEFAULT_SPACE_ID, take: 5 });
    expect(runs.map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(runs[0]).toMatchObject({
      sourceId: s.id,
      sourceTitle: "Planning",
      extractor: "llm",
      modelId: "gpt-test",
      status: "partial",
      inputTokens: 1200,
      outputTokens: 300,
      costUsd: 0.0042,
      durationMs: 5300,
      candidates: 2,
    });
  });
});
