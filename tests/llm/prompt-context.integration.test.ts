import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_REVIEWER_ID } from "@/lib/db/client";
import { getSettings, saveSettings } from "@/lib/db/settings";
import { parseEnv } from "@/lib/env";
import { approveCandidate, rejectCandidate } from "@/lib/facts/decide";
import { executeExtractionRun } from "@/lib/jobs/extraction";
import { createQueuedRun } from "@/lib/jobs/start-extraction";
import { parseSource } from "@/lib/sources/parse";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { isJudgeRequest, startFakeOpenAI, type FakeOpenAI } from "@/tests/fake-openai-server";

/**
 * The model learns from the team (issue 25 item 5): a run's prompts carry the known facts and the reviewers'
 * earlier decisions most about each chunk, through the real chain against the fake OpenAI-compatible server.
 */
let db: TestDb;
let fake: FakeOpenAI;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());
beforeEach(async () => {
  await truncateAll(db.prisma);
  fake = await startFakeOpenAI();
});
afterEach(async () => fake?.close());

async function extract(title: string, text: string) {
  const env = parseEnv({ SIFT_LLM_BASE_URL: fake.url, SIFT_LLM_MODEL: "fake-model", SIFT_CHUNK_TOKENS: "200" });
  const { runId } = await createQueuedRun({
    db: db.prisma,
    env,
    source: { title, origin: "paste", parsed: parseSource({ text, maxBytes: 1_000_000 }) },
    preset: "meeting",
    mode: "llm",
  });
  await executeExtractionRun({ db: db.prisma, env, runId, standalone: true });
  return runId;
}

describe("what a model run's prompts carry besides the chunk", () => {
  it("the decisions on candidates like the chunk, with the reason, and the facts most about it", async () => {
    const first = await extract(
      "Pricing sync",
      [
        "Dana: We decided to show prices excluding VAT for everyone.",
        "Lin: I will think about the VAT wording someday.",
        "Omar: We decided the Berlin office opens in May.",
        "Ann: We decided my VAT advisor is my cousin Eva.",
      ].join("\n"),
    );
    const candidates = await db.prisma.candidate.findMany({ where: { runId: first } });
    const byText = (re: RegExp) => candidates.find((c) => re.test(c.content))!;
    const reviewerId = DEFAULT_REVIEWER_ID;
    await approveCandidate({ db: db.prisma, candidateId: byText(/excluding VAT/).id, reviewerId });
    await approveCandidate({ db: db.prisma, candidateId: byText(/Berlin/).id, reviewerId });
    await rejectCandidate({ db: db.prisma, candidateId: byText(/someday/).id, reviewerId, reason: "Too vague" });
    await rejectCandidate({ db: db.prisma, candidateId: byText(/cousin/).id, reviewerId, reason: "Private" });

    // One known fact a prompt: the one about its chunk, not the most important or the latest.
    await saveSettings({
      db: db.prisma,
      spaceId: "default",
      settings: { ...(await getSettings({ db: db.prisma, spaceId: "default" })), knownFactsLimit: 1 },
    });
    fake.requests.length = 0;
    // Two chunks (200 tokens each): one about VAT, one about an office; each prompt gets what is about it.
    const vat = Array.from({ length: 30 }, (_, i) => `Dana: Invoice line ${i + 1} will say the VAT rate.`);
    const office = Array.from({ length: 30 }, (_, i) => `Omar: Berlin office floor ${i + 1} will get more desks.`);
    await extract("Follow-up", [...vat, ...office].join("\n"));
    const sent = fake.requests.filter((r) => !isJudgeRequest(r)).map((r) => r.userMessage);

    const vatPrompt = sent.find((m) => m.includes("Invoice line") && !m.includes("floor"))!;
    const officePrompt = sent.find((m) => m.includes("office floor") && !m.includes("Invoice"))!;
    expect(vatPrompt).toBeDefined();
    expect(officePrompt).toBeDefined();

    expect(vatPrompt).toMatch(/<reviewed_examples>[\s\S]*- rejected \(Too vague\): .*someday/);
    expect(vatPrompt).toMatch(/<known_facts>\n- [^\n]*excluding VAT[^\n]*\n<\/known_facts>/);
    expect(officePrompt).toMatch(/<known_facts>\n- [^\n]*Berlin[^\n]*\n<\/known_facts>/);
    // What a reviewer called private is never sent to a model again.
    for (const m of sent) expect(m).not.toContain("cousin");
    // Nothing about an office was decided but the approval: no rejected VAT example in its prompt.
    expect(officePrompt).not.toContain("someday");
  });

  it("neither known facts nor examples when the fact base is empty", async () => {
    await extract("Empty", "Dana: We decided to ship on Friday.");
    const sent = fake.requests.filter((r) => !isJudgeRequest(r)).map((r) => r.userMessage);
    expect(sent.length).toBeGreaterThan(0);
    for (const m of sent) expect(m).not.toMatch(/reviewed_examples|known_facts/);
  });
});
