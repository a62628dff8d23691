import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";
/**
 * A busy fact base and a full queue for the review-workspace benches: `facts` approved facts and `open`
 * open candidates in sources of 100 lines each, judged by the real review engine (reviewCandidates, the
 * same call an extraction run makes) and saved with saveCandidates, so verdicts, matches, clusters and
 * CandidateBand rows are what a server would hold. Of the open candidates: a fifth reword a fact, a tenth
 * change one of its values, a tenth repeat an earlier candidate from another source (clusters), the rest
 * are new statements from the same vocabulary.
 */
type OpenedDatabase = import("@/lib/db/client").OpenedDatabase;
type Candidate = import("@/lib/extraction/schema").Candidate;

const KINDS = ["decision", "commitment", "constraint", "preference", "fact"] as const;
const SPEAKERS = ["Priya", "Marcus", "Lena", "Omar", "Aiko"];

export async function seedQueue(opened: OpenedDatabase, { facts, open }: { facts: number; open: number }) {
  const { insertFacts } = await import("@/tests/review/generate-facts");
  const { generateVariedFacts } = await import("@/tests/review/generate-varied-facts");
  const { reviewCandidates } = await import("@/lib/jobs/review-candidates");
  const { saveCandidates } = await import("@/lib/db/candidates");
  const { createSource } = await import("@/lib/db/sources");
  const { createExtractionRun, finishRun } = await import("@/lib/db/runs");
  const { testRunPayload } = await import("@/tests/runs");
  const db = opened.prisma;
  const prisma = opened.prisma;

  const all = generateVariedFacts(facts + open, 11);
  await insertFacts(prisma, all.slice(0, facts));
  const statements: string[] = [];
  for (let i = 0; i < open; i++) {
    const fact = all[(i * 7919) % facts] as string;
    if (i % 10 < 2) statements.push(fact.replace(/ will /, " is going to ").replace(/\.$/, " as agreed."));
    else if (i % 10 === 2) statements.push(fact.replace(/\d+/, (d) => String(Number(d) + 1)));
    else if (i % 10 === 3 && i >= 100) statements.push(statements[i - 100] as string);
    else statements.push(all[facts + i] as string);
  }

  const perSource = 100;
  for (let s = 0; s * perSource < statements.length; s++) {
    const lines = statements.slice(s * perSource, (s + 1) * perSource);
    let text = "";
    const segments = [];
    const candidates: Candidate[] = [];
    for (const [k, content] of lines.entries()) {
      const speaker = SPEAKERS[k % SPEAKERS.length] as string;
      if (text) text += "\n";
      text += `${speaker}: `;
      const start = text.length;
      text += content;
      segments.push({ speaker, startMs: k * 15_000, endMs: null, text: content, start, end: text.length });
      candidates.push({
        content,
        kind: KINDS[k % KINDS.length] as Candidate["kind"],
        confidence: 0.5 + ((k * 37) % 50) / 100,
        importance: 0.3 + ((k * 53) % 70) / 100,
        temporal: "present",
        speaker,
        quote: content,
        start,
        end: text.length,
        supported: true,
      });
    }
    const source = await createSource({
      spaceId: DEFAULT_SPACE_ID,
      db,
      source: {
        title: `Bench meeting ${s + 1}`,
        origin: "paste",
        parsed: { format: "text", text, segments, participants: SPEAKERS },
      },
    });
    const run = await createExtractionRun({ db, sourceId: source.id, payload: testRunPayload(), promptVersion: null });
    for (let i = 0; i < candidates.length; i += 50) {
      const batch = candidates.slice(i, i + 50);
      const reviews = await reviewCandidates({ spaceId: DEFAULT_SPACE_ID, db, candidates: batch });
      await saveCandidates({ db, runId: run.id, chunkIndex: i / 50, candidates: batch, reviews });
    }
    await finishRun({ db, runId: run.id, status: "succeeded", error: null });
  }
  await prisma.$executeRawUnsafe('VACUUM ANALYZE "Fact", "FactBand", "Candidate", "CandidateBand"');
}
