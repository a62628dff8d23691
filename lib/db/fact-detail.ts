import "server-only";
import { getProvenanceContexts } from "@/lib/db/quote-contexts";
import type { QuoteContext } from "@/lib/queue/candidate";
import { parseStoredJson } from "@/lib/db/stored-json";
import type { Db } from "@/lib/db/types";
import { FactSnapshotSchema } from "@/lib/facts/schema";

const other = { select: { id: true, content: true, status: true } } as const;

/**
 * A fact with everything its page shows: where it was said (each provenance entry with its quote in the
 * transcript), what it relates to in both directions, and every revision with its reviewer, oldest first.
 */
export async function getFactDetail({
  db,
  factId,
  mayRead,
}: {
  db: Db;
  factId: string;
  /**
   * Whether the reader reaches a space: a quote whose source lies in a space it does not (the fact was moved
   * from there) keeps its words and speaker, never the source's title, link or transcript. By default only
   * the fact's own space.
   */
  mayRead?: (spaceId: string) => boolean;
}) {
  const found = await db.fact.findUnique({
    where: { id: factId },
    include: {
      provenance: {
        orderBy: { createdAt: "asc" },
        include: { source: { select: { id: true, title: true, spaceId: true } } },
      },
      relationsOut: { include: { toFact: other }, orderBy: { createdAt: "asc" } },
      relationsIn: { include: { fromFact: other }, orderBy: { createdAt: "asc" } },
      revisions: { include: { reviewer: { select: { id: true, name: true } } }, orderBy: { version: "asc" } },
    },
  });
  if (!found) return null;
  const reach = mayRead ?? ((spaceId: string) => spaceId === found.spaceId);
  const provenance = found.provenance.map(({ source, ...p }) => {
    const hidden = source !== null && !reach(source.spaceId);
    return { ...p, sourceId: hidden ? null : p.sourceId, source: hidden ? null : source, elsewhere: hidden };
  });
  const fact = { ...found, provenance };
  const contexts: Map<string, QuoteContext> = await getProvenanceContexts({
    db,
    provenanceIds: provenance.filter((p) => !p.elsewhere).map((p) => p.id),
  });
  const read = (id: string, column: "before" | "after", value: unknown) =>
    value == null ? null : parseStoredJson(FactSnapshotSchema, value, { table: "FactRevision", column, id });
  const revisions = fact.revisions.map((r) => ({
    ...r,
    before: read(r.id, "before", r.before),
    after: read(r.id, "after", r.after),
  }));
  return { ...fact, revisions, contexts };
}

export type FactDetail = NonNullable<Awaited<ReturnType<typeof getFactDetail>>>;
