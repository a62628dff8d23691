import "server-only";
import type { Db, Tx } from "@/lib/db/types";

export function getSourceTitle({ db, sourceId }: { db: Db | Tx; sourceId: string }) {
  return db.source.findUnique({ where: { id: sourceId }, select: { id: true, title: true } });
}

/**
 * Every fact a source gave provenance to, with whether that source is its only one (a fact entered by
 * hand, or said in another meeting too, keeps those), newest first.
 */
export async function listFactsOfSource({ db, sourceId }: { db: Db | Tx; sourceId: string }) {
  const facts = await db.fact.findMany({
    where: { provenance: { some: { sourceId } } },
    select: {
      id: true,
      content: true,
      status: true,
      version: true,
      provenance: { select: { sourceId: true, extractor: true } },
    },
    orderBy: { createdAt: "desc" },
  });
  return facts.map(({ provenance, ...fact }) => {
    const others = provenance.filter((p) => p.sourceId !== sourceId);
    return { ...fact, onlyThisSource: others.length === 0, otherProvenance: others.length };
  });
}

/** The source's candidates still waiting for a reviewer (pending or gated). */
export async function listOpenCandidatesOfSource({ db, sourceId }: { db: Db | Tx; sourceId: string }) {
  return db.candidate.findMany({
    where: { run: { sourceId }, status: { in: ["pending", "gated"] } },
    select: { id: true, content: true },
    orderBy: { createdAt: "asc" },
  });
}

/** Drops what a source said from the facts it shares with others: quotes and spans go with the source. */
export async function removeSourceProvenance({ tx, sourceId }: { tx: Tx; sourceId: string }) {
  await tx.factProvenance.deleteMany({ where: { sourceId } });
}

/** Deletes a source with its text, runs and candidates (and their events). */
export async function deleteSource({ tx, sourceId }: { tx: Tx; sourceId: string }) {
  await tx.source.delete({ where: { id: sourceId } });
}
