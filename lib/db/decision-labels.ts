import "server-only";
import { parseStoredJson } from "@/lib/db/stored-json";
import type { Db } from "@/lib/db/types";
import { z } from "zod";
import { CandidateEventDetailSchema, type CandidateEventAction } from "@/lib/facts/schema";
import { MatchesSchema } from "@/lib/matcher/schema";
import { outcomeOf, standingDecision, type DecisionLabel, type HistoryEvent } from "@/lib/learning/labels";

const FeaturesSchema = z.record(z.string(), z.number());

/**
 * A space's labelled examples: each decided candidate whose decision a reviewer took and still stands, with
 * what it was scored from, newest decision first. Candidates decided by the gate alone (auto-approved, rejected
 * again as a repeat) teach nothing and are left out.
 */
export async function listDecisionLabels({
  db,
  spaceId,
  since,
  limit = 1_000,
}: {
  db: Db;
  /** One space's decisions: a space's models and prompts learn from its own reviewers only. */
  spaceId: string;
  since?: Date;
  limit?: number;
}): Promise<DecisionLabel[]> {
  const rows = await db.candidate.findMany({
    where: {
      spaceId,
      status: { in: ["approved", "merged", "rejected"] },
      reviewerId: { not: null },
      ...(since ? { reviewedAt: { gte: since } } : {}),
    },
    orderBy: [{ reviewedAt: "desc" }, { id: "asc" }],
    take: limit,
    include: {
      run: { select: { extractor: true, source: { select: { format: true } } } },
      provenance: { select: { factId: true } },
    },
  });
  const histories = await listHistories(
    db,
    rows.map((r) => r.id),
  );
  const labels: DecisionLabel[] = [];
  for (const row of rows) {
    const decision = standingDecision(histories.get(row.id) ?? []);
    const outcome = decision ? outcomeOf(decision) : null;
    if (!decision || !outcome || decision.reviewerId === null) continue;
    const where = { table: "Candidate", column: "features", id: row.id };
    labels.push({
      candidateId: row.id,
      ...outcome,
      approvedKind: decision.detail.approvedKind ?? null,
      rejectReason: outcome.outcome === "rejected" ? row.rejectReason : null,
      reviewerId: decision.reviewerId,
      decidedAt: decision.createdAt.toISOString(),
      features: parseStoredJson(FeaturesSchema, row.features, where) ?? {},
      content: row.content,
      quote: row.quote,
      kind: row.kind,
      speaker: row.speaker,
      confidence: row.confidence,
      importance: row.importance,
      rank: row.rank,
      supported: row.supported,
      verdict: row.verdict,
      extractor: row.run.extractor,
      sourceFormat: row.run.source.format,
      matches: parseStoredJson(MatchesSchema, row.matches, { ...where, column: "matches" }) ?? [],
      factIds: row.provenance.map((p) => p.factId),
    });
  }
  return labels;
}

/** Each candidate's events, oldest first, read in one query. */
async function listHistories(db: Db, candidateIds: string[]): Promise<Map<string, HistoryEvent[]>> {
  const events = await db.candidateEvent.findMany({
    where: { candidateId: { in: candidateIds } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const byCandidate = new Map<string, HistoryEvent[]>();
  for (const e of events) {
    const where = { table: "CandidateEvent", column: "detail", id: e.id };
    const detail = parseStoredJson(CandidateEventDetailSchema, e.detail, where) ?? {};
    const list = byCandidate.get(e.candidateId) ?? [];
    list.push({ ...e, action: e.action as CandidateEventAction, detail });
    byCandidate.set(e.candidateId, list);
  }
  return byCandidate;
}
