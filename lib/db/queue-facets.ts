import "server-only";
import { whereOf } from "@/lib/db/review-queue";
import type { Db } from "@/lib/db/types";
import { GATE_REASONS, type GateReasonKey, type QueueFacets, type QueueQuery } from "@/lib/queue/schema";

/** Speakers and sources offered as filters, at most: the ones with the most cards. */
const MAX_VALUES = 40;

/**
 * The counts the queue's filters show beside each value, each under the query's other filters (choosing a
 * speaker does not hide the other speakers' counts).
 */
export async function listQueueFacets({ db, query }: { db: Db; query: QueueQuery }): Promise<QueueFacets> {
  const keys = Object.keys(GATE_REASONS) as GateReasonKey[];
  const gateWhere = whereOf({ ...query, gate: undefined });
  const [gateCounts, speakers, runs] = await Promise.all([
    Promise.all(
      keys.map((key) =>
        db.candidate.count({ where: { AND: [gateWhere, { gateReason: { contains: GATE_REASONS[key].text } }] } }),
      ),
    ),
    db.candidate.groupBy({
      by: ["speaker"],
      where: { AND: [whereOf({ ...query, speaker: undefined }), { speaker: { not: null } }] },
      _count: { _all: true },
      orderBy: { _count: { speaker: "desc" } },
      take: MAX_VALUES,
    }),
    db.candidate.groupBy({
      by: ["runId"],
      where: whereOf({ ...query, source: undefined, run: undefined }),
      _count: { _all: true },
    }),
  ]);
  const sources = await db.extractionRun.findMany({
    where: { id: { in: runs.map((r) => r.runId) } },
    select: { id: true, source: { select: { id: true, title: true } } },
  });
  const sourceOf = new Map(sources.map((r) => [r.id, r.source]));
  const bySource = new Map<string, { id: string; title: string; count: number }>();
  for (const run of runs) {
    const source = sourceOf.get(run.runId);
    if (!source) continue;
    const entry = bySource.get(source.id) ?? { ...source, count: 0 };
    entry.count += run._count._all;
    bySource.set(source.id, entry);
  }
  return {
    gate: Object.fromEntries(keys.map((key, i) => [key, gateCounts[i] ?? 0])) as Record<GateReasonKey, number>,
    speaker: speakers.map((s) => ({ speaker: s.speaker as string, count: s._count._all })),
    source: [...bySource.values()].sort((a, b) => b.count - a.count).slice(0, MAX_VALUES),
  };
}
