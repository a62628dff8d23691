import "server-only";
import type { Db } from "@/lib/db/types";
import { Prisma } from "@/lib/generated/prisma/client";
import {
  GATE_REASONS,
  type GateReasonKey,
  type QueueCounts,
  type QueueFacets,
  type QueueQuery,
} from "@/lib/queue/schema";
import { DEFAULT_SPACE_SLUG } from "@/lib/spaces/schema";

/** Speakers, subjects and sources offered as filters, at most: the ones with the most cards. */
const MAX_VALUES = 40;

const OPEN = Prisma.sql`('pending', 'gated')`;

/** A view's tallies: its cards over all pages, the status tabs', kinds' and verdicts' counts, and the facets. */
export type QueueTallies = QueueFacets & { total: number; counts: QueueCounts };

/**
 * The counts the queue's filters show beside each value, each under the query's other filters (choosing a
 * speaker does not hide the other speakers' counts), with the view's total and the status tabs', kinds' and
 * verdicts' counts. One statement: the cards every count shares are read once (the filters none lifts), each
 * with flags saying whether the filters a count lifts keep it; every count is aggregated from that. The
 * conditions are those of lib/db/review-queue.ts whereOf, in SQL (tests/review/queue-facets.test.ts holds them
 * to the queue's).
 */
export async function listQueueFacets({ db, query }: { db: Db; query: QueueQuery }): Promise<QueueTallies> {
  const keys = Object.keys(GATE_REASONS) as GateReasonKey[];
  const shared: Prisma.Sql[] = [
    query.run || query.source
      ? Prisma.sql`true`
      : Prisma.sql`c."spaceId" = (SELECT s."id" FROM "Space" s WHERE s."slug" = ${query.space ?? DEFAULT_SPACE_SLUG})`,
    // Open cards: the status tabs count both; the query's own status is a flag below.
    Prisma.sql`c."status" IN ${OPEN}`,
    // A card repeats no open candidate: alone, a cluster's head, or a member whose head was decided.
    Prisma.sql`(c."clusterId" IS NULL OR NOT EXISTS (
      SELECT 1 FROM "Candidate" h WHERE h."id" = c."clusterId" AND h."status" IN ${OPEN}))`,
  ];
  const status = query.status === "open" ? Prisma.sql`true` : Prisma.sql`c."status"::text = ${query.status}`;
  const kind = query.kind ? Prisma.sql`c."kind" = ${query.kind}` : Prisma.sql`true`;
  const verdict = query.verdict ? Prisma.sql`c."verdict"::text = ${query.verdict}` : Prisma.sql`true`;
  if (query.q) {
    const q = query.q.toLowerCase();
    shared.push(Prisma.sql`(strpos(lower(c."content"), ${q}) > 0 OR strpos(lower(c."quote"), ${q}) > 0)`);
  }
  if (query.min !== undefined || query.max !== undefined) {
    shared.push(Prisma.sql`c."confidence" BETWEEN ${query.min ?? 0} AND ${query.max ?? 1}`);
  }
  const gate = query.gate ? Prisma.sql`strpos(c."gateReason", ${GATE_REASONS[query.gate].text}) > 0` : Prisma.sql`true`;
  const speaker = query.speaker ? Prisma.sql`lower(c."speaker") = lower(${query.speaker})` : Prisma.sql`true`;
  const subject = query.subject ? Prisma.sql`c."subject" = ${query.subject}` : Prisma.sql`true`;
  // A run's or a source's cards are its candidates' and those its open candidates joined.
  const mine = (own: Prisma.Sql, member: Prisma.Sql) => Prisma.sql`(${own} OR EXISTS (
    SELECT 1 FROM "Candidate" m JOIN "ExtractionRun" mr ON mr."id" = m."runId"
    WHERE m."clusterId" = c."id" AND m."status" IN ${OPEN} AND ${member}))`;
  const origin: Prisma.Sql[] = [];
  if (query.run) origin.push(mine(Prisma.sql`c."runId" = ${query.run}`, Prisma.sql`m."runId" = ${query.run}`));
  if (query.source) {
    origin.push(mine(Prisma.sql`r."sourceId" = ${query.source}`, Prisma.sql`mr."sourceId" = ${query.source}`));
  }
  const from = origin.length > 0 ? Prisma.join(origin, " AND ") : Prisma.sql`true`;
  const gateCounts = keys.map(
    (key) => Prisma.sql`${key}::text, count(*) FILTER (WHERE strpos(b."gateReason", ${GATE_REASONS[key].text}) > 0)`,
  );
  // The filters the status tabs, kinds and verdicts lift; every facet keeps all three.
  const facetsKeep = Prisma.sql`${status} AND ${kind} AND ${verdict}`;
  const [row] = await db.$queryRaw<
    [
      {
        total: number;
        status: Record<string, number> | null;
        kind: Record<string, number> | null;
        verdict: Record<string, number> | null;
        gate: Record<string, number>;
        speaker: QueueFacets["speaker"] | null;
        subject: QueueFacets["subject"] | null;
        source: QueueFacets["source"] | null;
      },
    ]
  >`
    WITH b AS MATERIALIZED (
      SELECT c."status"::text AS "status", c."kind", coalesce(c."verdict"::text, 'new') AS "verdict",
        c."gateReason", c."speaker", c."subject", r."sourceId",
        (${gate} AND ${speaker} AND ${subject} AND ${from}) AS "others",
        (${facetsKeep}) AS "keeps", (${kind} AND ${verdict}) AS "forStatus",
        (${status} AND ${verdict}) AS "forKind", (${status} AND ${kind}) AS "forVerdict",
        (${facetsKeep} AND ${speaker} AND ${subject} AND ${from}) AS "forGate",
        (${facetsKeep} AND ${gate} AND ${subject} AND ${from}) AS "forSpeaker",
        (${facetsKeep} AND ${gate} AND ${speaker} AND ${from}) AS "forSubject",
        (${facetsKeep} AND ${gate} AND ${speaker} AND ${subject}) AS "forSource"
      FROM "Candidate" c JOIN "ExtractionRun" r ON r."id" = c."runId"
      WHERE ${Prisma.join(shared, " AND ")}
    )
    SELECT
      (SELECT count(*)::int FROM b WHERE b."keeps" AND b."others") AS "total",
      (SELECT json_object_agg(t."status", t."count") FROM (SELECT b."status", count(*)::int AS "count" FROM b
        WHERE b."forStatus" AND b."others" GROUP BY b."status") t) AS "status",
      (SELECT json_object_agg(t."kind", t."count") FROM (SELECT b."kind", count(*)::int AS "count" FROM b
        WHERE b."forKind" AND b."others" GROUP BY b."kind") t) AS "kind",
      (SELECT json_object_agg(t."verdict", t."count") FROM (SELECT b."verdict", count(*)::int AS "count" FROM b
        WHERE b."forVerdict" AND b."others" GROUP BY b."verdict") t) AS "verdict",
      (SELECT json_build_object(${Prisma.join(gateCounts)}) FROM b WHERE b."forGate") AS "gate",
      (SELECT json_agg(json_build_object('speaker', s."speaker", 'count', s."count")
                       ORDER BY s."count" DESC, s."speaker")
       FROM (SELECT b."speaker", count(*)::int AS "count" FROM b WHERE b."forSpeaker" AND b."speaker" IS NOT NULL
             GROUP BY b."speaker" ORDER BY count(*) DESC, b."speaker" LIMIT ${MAX_VALUES}::int) s) AS "speaker",
      (SELECT json_agg(json_build_object('subject', s."subject", 'count', s."count")
                       ORDER BY s."count" DESC, s."subject")
       FROM (SELECT b."subject", count(*)::int AS "count" FROM b WHERE b."forSubject" AND b."subject" IS NOT NULL
             GROUP BY b."subject" ORDER BY count(*) DESC, b."subject" LIMIT ${MAX_VALUES}::int) s) AS "subject",
      (SELECT json_agg(json_build_object('id', s."id", 'title', s."title", 'count', s."count")
                       ORDER BY s."count" DESC, s."title", s."id")
       FROM (SELECT x."id", x."title", count(*)::int AS "count" FROM b JOIN "Source" x ON x."id" = b."sourceId"
             WHERE b."forSource" GROUP BY x."id", x."title" ORDER BY count(*) DESC, x."title", x."id"
             LIMIT ${MAX_VALUES}::int) s) AS "source"`;
  return {
    total: row?.total ?? 0,
    counts: {
      pending: row?.status?.pending ?? 0,
      gated: row?.status?.gated ?? 0,
      kind: row?.kind ?? {},
      verdict: row?.verdict ?? {},
    },
    gate: Object.fromEntries(keys.map((key) => [key, Number(row?.gate[key] ?? 0)])) as Record<GateReasonKey, number>,
    speaker: row?.speaker ?? [],
    subject: row?.subject ?? [],
    source: row?.source ?? [],
  };
}
