import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { CliCandidateSchema, main } from "@/cli/extract";
import { saveSettings } from "@/lib/db/settings";
import { parseEnv } from "@/lib/env";
import { stopExtractionThreads } from "@/lib/extraction/thread/client";
import { stopMatcherThreads } from "@/lib/matcher/thread/client";
import { startExtractionFromInput } from "@/lib/jobs/start-extraction";
import { SettingsSchema } from "@/lib/settings/schema";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { factsFromText, kindIds, startFakeOpenAI, type FakeOpenAI } from "@/tests/fake-openai-server";
import { longTranscript } from "@/tests/long-transcript";

/**
 * `sift extract FILE` prints what a server stores for the same file and settings: the same candidates with
 * the same confidence, verdict, matches, cluster, gate status and reasons (server side on PGlite, or on
 * PostgreSQL with TEST_DATABASE_URL; the CLI's store is always PGlite in memory).
 */
const dir = mkdtempSync(path.join(tmpdir(), "sift-cli-server-"));
let db: TestDb;
let fake: FakeOpenAI | undefined;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await stopExtractionThreads();
  await stopMatcherThreads();
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => truncateAll(db.prisma));
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

type Printed = z.infer<typeof CliCandidateSchema>;

/** Ids differ between two stores: a candidate is named by its place in the list, in what refers to it. */
function comparable(list: Printed[]) {
  const sorted = [...list].sort(
    (a, b) => (a.start ?? Infinity) - (b.start ?? Infinity) || a.content.localeCompare(b.content),
  );
  const place = new Map(sorted.map((c, i) => [c.id, i]));
  return sorted.map(({ id: _id, clusterId, matches, ...c }) => ({
    ...c,
    clusterId: clusterId === null ? null : place.get(clusterId),
    // A fact the run approved is made in each store under an id of its own: its content says which it is.
    matches: matches?.map(({ candidateId, factId, ...m }) => ({
      ...m,
      candidateId: candidateId && place.get(candidateId),
      fact: Boolean(factId),
    })),
  }));
}

async function cli(file: string, env: Record<string, string>, args: string[] = []) {
  let stdout = "";
  let stderr = "";
  const code = await main([file, "--json", ...args], {
    stdin: Readable.from([]),
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    env,
    isTTY: false,
  });
  expect(code, stderr).toBe(0);
  return z.array(CliCandidateSchema).parse(JSON.parse(stdout));
}

/** The same file sent to the server as the ingest form sends it, run to the end, read back from its database. */
async function server(file: string, env: Record<string, string>, settings?: unknown) {
  if (settings) await saveSettings({ db: db.prisma, spaceId: "default", settings: SettingsSchema.parse(settings) });
  let running: Promise<void> = Promise.resolve();
  const started = await startExtractionFromInput({
    db: db.prisma,
    env: parseEnv(env),
    fields: {},
    file: new File([readFileSync(file)], path.basename(file), { type: "text/plain" }),
    runInBackground: (task) => void (running = task()),
    reviewerId: "local",
  });
  await running;
  if (started.duplicateOf) throw new Error("the file was sent before");
  const run = await db.prisma.extractionRun.findUniqueOrThrow({ where: { id: started.runId } });
  expect(run.status).toBe("succeeded");
  const rows = await db.prisma.candidate.findMany({ where: { runId: started.runId } });
  return rows.map((r) =>
    CliCandidateSchema.parse({
      ...r,
      matches: z.array(z.record(z.string(), z.unknown())).parse(r.matches),
    }),
  );
}

describe("sift extract prints what the server stores", () => {
  it("the offline extractor over a long meeting in many chunks, repeats across chunks included", async () => {
    const file = path.join(dir, "planning.txt");
    writeFileSync(file, longTranscript(120));
    const env = { SIFT_CHUNK_TOKENS: "200" };
    const printed = await cli(file, env);
    const stored = await server(file, env);
    expect(printed.length).toBeGreaterThan(20);
    // The meeting repeats some lines: across chunks they are dropped, within a run they cluster or gate.
    expect(stored.some((c) => c.status === "gated")).toBe(true);
    expect(comparable(printed)).toEqual(comparable(stored));
  });

  it("with the same settings: auto-approval and a lower confidence gate", async () => {
    const file = path.join(dir, "settings.txt");
    writeFileSync(file, longTranscript(30, 3));
    const settings = { gates: { minConfidence: 0.3, autoApprove: { enabled: true, minConfidence: 0.6 } } };
    const settingsFile = path.join(dir, "settings.json");
    writeFileSync(settingsFile, JSON.stringify(settings));
    const env = { SIFT_CHUNK_TOKENS: "200" };
    const printed = await cli(file, env, ["--settings", settingsFile]);
    const stored = await server(file, env, settings);
    expect(new Set(stored.map((c) => c.status))).toContain("approved");
    expect(comparable(printed)).toEqual(comparable(stored));
  });

  it("an LLM saying the same fact in chunk 0 (0.5) and chunk 2 (0.9): both keep chunk 0's, once", async () => {
    const text = [
      "Ann: We decided to ship the beta on Friday.",
      "Bo: The budget must stay under forty thousand.",
      "Cy: Fine by me, whatever works.",
      "Di: Right, we decided to ship the beta on Friday.",
    ].join("\n\n");
    fake = await startFakeOpenAI({
      respond: (request) => ({
        facts: factsFromText(request.user, kindIds(request)).map((f) =>
          f.kind === "decision"
            ? {
                ...f,
                content: "The team decided to ship the beta on Friday.",
                confidence: f.speaker === "Ann" ? 0.5 : 0.9,
              }
            : f,
        ),
      }),
    });
    const file = path.join(dir, "beta.txt");
    writeFileSync(file, text);
    // A 12-token budget puts each speaker turn in its own chunk.
    const env = { SIFT_CHUNK_TOKENS: "12", SIFT_LLM_BASE_URL: fake.url, SIFT_LLM_MODEL: "fake-model" };
    const printed = await cli(file, env);
    const asked = fake.requests.length;
    const stored = await server(file, env);
    // One request per chunk, the same chunks on both sides.
    expect(asked).toBeGreaterThanOrEqual(3);
    expect(fake.requests.length).toBe(2 * asked);
    const decisions = printed.filter((c) => c.content.startsWith("The team decided"));
    expect(decisions.map((c) => [c.confidence, c.speaker])).toEqual([[0.5, "Ann"]]);
    expect(comparable(printed)).toEqual(comparable(stored));
  });
});
