import "server-only";
import type { Db, Tx } from "@/lib/db/types";
import type { EarlierDecisions, EarlierRejection } from "@/lib/chain/remember";
import { FORGET_REASON } from "@/lib/facts/schema";
import { contentHash } from "@/lib/matcher";

/**
 * What reviewers already decided about a text, found by its content hash (the matcher's normalized form):
 * the latest rejection of a candidate that said it, and the active fact an approved or merged candidate that
 * said it became (its original wording, before a reviewer's edit, still names the fact). The chain's remember
 * stage (lib/chain/remember.ts) reads these so a re-extracted line is never shown as new.
 */
export async function findEarlierDecisions({
  db,
  spaceId,
  subject = null,
  texts,
  exclude = [],
}: {
  db: Db | Tx;
  /** Only this space's decisions: another team's rejection says nothing here. */
  spaceId: string;
  /** Only the decisions on candidates about this subject (null: about no one): Alice's say nothing of Bob. */
  subject?: string | null;
  texts: string[];
  /** Candidates being judged again: never their own earlier decision. */
  exclude?: string[];
}): Promise<EarlierDecisions[]> {
  if (texts.length === 0) return [];
  const hashes = texts.map((t) => contentHash(t));
  const rows = await db.candidate.findMany({
    where: {
      spaceId,
      subject,
      contentHash: { in: [...new Set(hashes)] },
      status: { in: ["rejected", "approved", "merged"] },
      ...(exclude.length > 0 ? { id: { notIn: exclude } } : {}),
    },
    orderBy: [{ reviewedAt: "desc" }, { createdAt: "desc" }],
    select: {
      id: true,
      content: true,
      contentHash: true,
      status: true,
      rejectReason: true,
      reviewedAt: true,
      reviewer: { select: { name: true } },
      // Only a fact still in this space: one moved to another since is not this space's to name.
      provenance: {
        where: { fact: { status: "active", spaceId } },
        select: { fact: { select: { id: true, content: true } } },
      },
    },
  });
  const byHash = new Map<string, EarlierDecisions>();
  for (const row of rows) {
    if (!row.contentHash) continue;
    const seen = byHash.get(row.contentHash) ?? {};
    // Forgetting a source rejects its open candidates: a choice about the source, not a verdict on the words.
    const judged = !row.rejectReason?.startsWith(FORGET_REASON);
    // The latest rejection by a reviewer, before one the gate repeated (it names no one).
    const better = !seen.rejected || (!seen.rejected.reviewer && Boolean(row.reviewer));
    if (row.status === "rejected" && judged && better) {
      seen.rejected = {
        candidateId: row.id,
        content: row.content,
        reason: row.rejectReason ?? "Rejected",
        reviewer: row.reviewer?.name ?? null,
        at: row.reviewedAt,
      };
    }
    const fact = row.provenance[0]?.fact;
    if (row.status !== "rejected" && fact && !seen.approved) {
      seen.approved = { candidateId: row.id, factId: fact.id, content: fact.content };
    }
    byHash.set(row.contentHash, seen);
  }
  return hashes.map((h) => byHash.get(h) ?? {});
}

/**
 * For each text, the rejected candidates most like it by trigrams (pg_trgm's similarity ≥ MIN_SIMILARITY),
 * best first: the matcher then says which of them it repeats (lib/chain/match.ts). Rejections are few next
 * to the fact base, so this reads them without an index; a source's forgetting is no judgement, left out.
 */
const MIN_SIMILARITY = 0.4;

export async function findSimilarRejections({
  db,
  spaceId,
  subject = null,
  texts,
  limit = 3,
}: {
  db: Db | Tx;
  spaceId: string;
  subject?: string | null;
  texts: string[];
  limit?: number;
}): Promise<EarlierRejection[][]> {
  if (texts.length === 0) return [];
  const rows = await db.$queryRaw<
    Array<{ i: number; id: string; content: string; reason: string | null; at: Date | null; reviewer: string | null }>
  >`
    SELECT u.ord::int - 1 AS i, c."id", c."content", c."rejectReason" AS reason, c."reviewedAt" AS at,
           r."name" AS reviewer
    FROM unnest(${texts}::text[]) WITH ORDINALITY AS u(t, ord)
    CROSS JOIN LATERAL (
      SELECT x.* FROM "Candidate" x
      WHERE x."status" = 'rejected' AND x."spaceId" = ${spaceId} AND x."subject" IS NOT DISTINCT FROM ${subject}
        AND COALESCE(x."rejectReason", '') NOT LIKE ${`${FORGET_REASON}%`}
        AND similarity(x."content", u.t) >= ${MIN_SIMILARITY}
      ORDER BY x."reviewerId" IS NULL, similarity(x."content", u.t) DESC, x."reviewedAt" DESC NULLS LAST
      LIMIT ${limit}::int
    ) c
    LEFT JOIN "Reviewer" r ON r."id" = c."reviewerId"
    ORDER BY u.ord`;
  const out: EarlierRejection[][] = texts.map(() => []);
  for (const { i, id, content, reason, at, reviewer } of rows) {
    out[i]?.push({ candidateId: id, content, reason: reason ?? "Rejected", reviewer, at });
  }
  return out;
}
