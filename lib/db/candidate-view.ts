import "server-only";
import { readMatches } from "@/lib/db/candidates";
import type { Prisma } from "@/lib/generated/prisma/client";
import { STAGES, type Stage } from "@/lib/matcher/schema";
import type { CandidateView } from "@/lib/queue/candidate";
import { maskSecretsDeep } from "@/lib/secrets/mask";

/** What a query includes so its rows map to a `CandidateView`: the run, and the source it read. */
export const candidateViewInclude = {
  run: {
    select: {
      id: true,
      extractor: true,
      source: { select: { id: true, title: true, origin: true, createdAt: true, meetingDate: true, subject: true } },
    },
  },
} satisfies Prisma.CandidateInclude;

type CandidateViewRow = Prisma.CandidateGetPayload<{ include: typeof candidateViewInclude }>;

/**
 * The one mapping from a stored candidate to what the queue, the API and MCP show of it: a credential in any of
 * its texts masked (lib/secrets/mask.ts), as everywhere a reader sees one.
 */
export function toCandidateView(row: CandidateViewRow): CandidateView {
  const { source } = row.run;
  return maskSecretsDeep({
    id: row.id,
    content: row.content,
    kind: row.kind,
    confidence: row.confidence,
    importance: row.importance,
    temporal: row.temporal,
    speaker: row.speaker,
    quote: row.quote,
    start: row.start,
    end: row.end,
    supported: row.supported,
    status: row.status,
    rank: row.rank,
    learnedConfidence: row.learnedConfidence,
    rankReason: row.rankReason,
    verdict: row.verdict,
    verdictStage: asStage(row.verdictStage),
    matches: readMatches(row),
    gateReason: row.gateReason,
    rejectReason: row.rejectReason,
    version: row.version,
    clusterId: row.clusterId,
    createdAt: row.createdAt.toISOString(),
    run: { id: row.run.id, extractor: row.run.extractor },
    source: {
      id: source.id,
      title: source.title,
      origin: source.origin,
      createdAt: source.createdAt.toISOString(),
      meetingDate: source.meetingDate ? source.meetingDate.toISOString().slice(0, 10) : null,
      subject: source.subject,
    },
  });
}

// A text column: a stage name this version does not know reads as none.
const asStage = (stage: string | null): Stage | null => STAGES.find((s) => s === stage) ?? null;
