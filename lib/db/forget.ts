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

/** Every fact about a subject in a space, whatever its status. */
export async function listFactsAboutSubject({
  db,
  spaceId,
  subject,
}: {
  db: Db | Tx;
  spaceId: string;
  subject: string;
}) {
  return db.fact.findMany({
    where: { spaceId, subject },
    select: { id: true, content: true, status: true, version: true },
    orderBy: { createdAt: "desc" },
  });
}

/** The sources about a subject in a space, with their open candidates. */
export async function listSourcesAboutSubject({
  db,
  spaceId,
  subject,
}: {
  db: Db | Tx;
  spaceId: string;
  subject: string;
}) {
  const sources = await db.source.findMany({
    where: { spaceId, subject },
    select: { id: true, title: true, createdAt: true },
    orderBy: { createdAt: "desc" },
  });
  const open = await db.candidate.findMany({
    where: { run: { sourceId: { in: sources.map((s) => s.id) } }, status: { in: ["pending", "gated"] } },
    select: { id: true, content: true },
    orderBy: { createdAt: "asc" },
  });
  return { sources, open };
}

/** Facts about someone else (or no one) that quote these sources: they stay, and lose those quotes on delete. */
export async function listOtherFactsQuotingSources({
  db,
  sourceIds,
  subject,
}: {
  db: Db | Tx;
  sourceIds: string[];
  subject: string;
}) {
  return db.fact.findMany({
    where: {
      provenance: { some: { sourceId: { in: sourceIds } } },
      OR: [{ subject: null }, { subject: { not: subject } }],
    },
    select: { id: true, content: true, status: true },
    orderBy: { createdAt: "desc" },
  });
}

/** The subjects of a space with how many facts and sources each has, most facts first. */
export async function listSubjects({ db, spaceId }: { db: Db; spaceId: string }) {
  const [facts, sources] = await Promise.all([
    db.fact.groupBy({ by: ["subject"], where: { spaceId, subject: { not: null }, status: "active" }, _count: true }),
    db.source.groupBy({ by: ["subject"], where: { spaceId, subject: { not: null } }, _count: true }),
  ]);
  const names = new Set([...facts, ...sources].map((r) => r.subject as string));
  return [...names]
    .map((subject) => ({
      subject,
      facts: facts.find((r) => r.subject === subject)?._count ?? 0,
      sources: sources.find((r) => r.subject === subject)?._count ?? 0,
    }))
    .sort((a, b) => b.facts - a.facts || a.subject.localeCompare(b.subject));
}
