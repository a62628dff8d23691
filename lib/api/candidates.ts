import "server-only";
import { z } from "zod";
import { decodeCursor, encodeCursor } from "@/lib/api/cursor";
import { AppError } from "@/lib/errors";
import type {
  ApproveBodySchema,
  CandidateListQuerySchema,
  CandidatePageSchema,
  DecisionSchema,
  RejectBodySchema,
} from "@/lib/api/schemas";
import { listCandidatesAfter } from "@/lib/db/candidate-list";
import type { Db } from "@/lib/db/types";
import { approveAndRejudge, rejectAndRejudge } from "@/lib/jobs/decisions";

/** The review queue for the API: candidates a page at a time, and the review card's approve and reject. */

const CandidateKeySchema = z.object({ createdAt: z.iso.datetime(), id: z.uuid(), rank: z.number().optional() });

export async function listCandidatesPage({
  db,
  spaceId,
  query,
}: {
  db: Db;
  spaceId: string;
  query: z.output<typeof CandidateListQuerySchema>;
}): Promise<z.output<typeof CandidatePageSchema>> {
  const key = decodeCursor(CandidateKeySchema, query.cursor);
  // A cursor carries the order it was made in: one from the other order would skip or repeat candidates.
  if (key && (key.rank !== undefined) !== (query.sort === "rank")) {
    throw new AppError("VALIDATION", "This cursor was made for the other sort order; start again without it.", {
      fieldErrors: { cursor: ["Use nextCursor from a page with the same sort"] },
    });
  }
  const page = await listCandidatesAfter({
    db,
    spaceId,
    status: query.status,
    runId: query.run,
    sourceId: query.source,
    after: key ? { createdAt: new Date(key.createdAt), id: key.id, rank: key.rank } : null,
    limit: query.limit,
    order: query.sort,
  });
  const next = page.next;
  return {
    candidates: page.candidates,
    nextCursor: next ? encodeCursor({ createdAt: next.createdAt.toISOString(), id: next.id, rank: next.rank }) : null,
  };
}

type Decision = z.output<typeof DecisionSchema>;
/** What a decision route hands its domain function: the candidate, the parsed body and who decides. */
type DecisionInput<Body extends z.ZodType> = { db: Db; candidateId: string; body: z.output<Body>; reviewerId: string };

export async function approveApiCandidate({
  db,
  candidateId,
  body,
  reviewerId,
}: DecisionInput<typeof ApproveBodySchema>): Promise<Decision> {
  const { version, ...options } = body;
  const fact = await approveAndRejudge({ db, candidateId, reviewerId, expectedVersion: version, ...options });
  return { candidateId, status: "approved", factId: fact.id, decided: 1 + fact.mergedCandidateIds.length };
}

export async function rejectApiCandidate({
  db,
  candidateId,
  body,
  reviewerId,
}: DecisionInput<typeof RejectBodySchema>): Promise<Decision> {
  const { version, ...options } = body;
  const { rejected } = await rejectAndRejudge({ db, candidateId, reviewerId, expectedVersion: version, ...options });
  return { candidateId, status: "rejected", factId: null, decided: rejected.length };
}
