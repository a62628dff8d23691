import "server-only";
import type { Tx } from "@/lib/db/types";

/**
 * The writes of moving or copying a fact to another space (lib/facts/move.ts). The fact's MinHash band keys
 * follow its space by themselves: the trigger on Fact recomputes them, salted with the new space, whenever
 * `spaceId` changes (migration 20261204090018_spaces).
 */

/** Gives an active fact still at `version` another space and its next version; false when it changed first. */
export async function moveFactToSpace({
  tx,
  factId,
  version,
  spaceId,
}: {
  tx: Tx;
  factId: string;
  version: number;
  spaceId: string;
}): Promise<boolean> {
  const updated = await tx.fact.updateMany({
    where: { id: factId, status: "active", version },
    data: { spaceId, version: { increment: 1 } },
  });
  return updated.count === 1;
}

/**
 * Deletes the relations between a fact and facts outside `spaceId` (both directions): a fact base never
 * points into another. Returns how many went.
 */
export async function deleteRelationsOutside({
  tx,
  factId,
  spaceId,
}: {
  tx: Tx;
  factId: string;
  spaceId: string;
}): Promise<number> {
  const deleted = await tx.factRelation.deleteMany({
    where: {
      OR: [
        { fromFactId: factId, toFact: { spaceId: { not: spaceId } } },
        { toFactId: factId, fromFact: { spaceId: { not: spaceId } } },
      ],
    },
  });
  return deleted.count;
}

/**
 * Copies a fact's provenance to another fact: the same quote, span, speaker, run, extractor and model. The
 * source is kept only where it lies in `spaceId` (the copy's space); elsewhere the quote stays without it. The
 * candidate link is not copied: that candidate is another space's.
 */
export async function copyProvenance({
  tx,
  fromFactId,
  toFactId,
  spaceId,
}: {
  tx: Tx;
  fromFactId: string;
  toFactId: string;
  spaceId: string;
}): Promise<number> {
  const rows = await tx.factProvenance.findMany({
    where: { factId: fromFactId },
    orderBy: { createdAt: "asc" },
    include: { source: { select: { spaceId: true } } },
  });
  const base = Date.now();
  for (const [i, row] of rows.entries()) {
    await tx.factProvenance.create({
      data: {
        factId: toFactId,
        sourceId: row.source?.spaceId === spaceId ? row.sourceId : null,
        runId: row.runId,
        quote: row.quote,
        start: row.start,
        end: row.end,
        speaker: row.speaker,
        extractor: row.extractor,
        modelId: row.modelId,
        promptVersion: row.promptVersion,
        // In the original's order.
        createdAt: new Date(base + i),
      },
    });
  }
  return rows.length;
}

/** Copies a fact's vector to a fact with the same text, so the copy is found by meaning without a model call. */
export async function copyFactEmbedding({
  tx,
  fromFactId,
  toFactId,
}: {
  tx: Tx;
  fromFactId: string;
  toFactId: string;
}): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "FactEmbedding" ("factId", "model", "dims", "embedding", "bands")
    SELECT ${toFactId}, e."model", e."dims", e."embedding", e."bands"
    FROM "FactEmbedding" e WHERE e."factId" = ${fromFactId}
    ON CONFLICT ("factId") DO NOTHING`;
}
