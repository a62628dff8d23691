import type { PrismaClient } from "@/lib/db/client";
import { createSource } from "@/lib/db/sources";
import { saveCandidates } from "@/lib/db/candidates";
import type { Candidate } from "@/lib/extraction/schema";
import { testRunPayload } from "@/tests/runs";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

/** A source with one run and the given candidates, as an extraction would leave them. */
export async function seedCandidates(
  prisma: PrismaClient,
  candidates: (Partial<Candidate> & { content: string })[],
  { title = "Weekly sync" }: { title?: string } = {},
) {
  const text = candidates.map((c) => `Priya: ${c.quote ?? c.content}`).join("\n");
  const source = await createSource({
    spaceId: DEFAULT_SPACE_ID,
    db: prisma,
    source: { title, origin: "paste", parsed: { format: "text", text, segments: [], participants: ["Priya"] } },
  });
  const run = await prisma.extractionRun.create({
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
    db: prisma,
    runId: run.id,
    chunkIndex: 0,
    candidates: candidates.map((c) => {
      const quote = c.quote ?? c.content;
      const start = text.indexOf(quote);
      return {
        kind: "decision",
        confidence: 0.9,
        importance: 0.5,
        temporal: "present",
        speaker: "Priya",
        quote,
        start,
        end: start + quote.length,
        supported: true,
        ...c,
      };
    }),
  });
  const rows = await prisma.candidate.findMany({ where: { runId: run.id }, orderBy: { start: "asc" } });
  return { source, run, candidates: rows };
}
