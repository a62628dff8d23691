import "server-only";
import { z } from "zod";
import { decodeCursor, encodeCursor } from "@/lib/api/cursor";
import type { ApiFact, ApiFactDetail, FactListQuerySchema, FactPageSchema } from "@/lib/api/schemas";
import { getFactDetail } from "@/lib/db/fact-detail";
import { searchFactsAfter } from "@/lib/db/fact-search";
import type { FactListItem } from "@/lib/db/facts";
import type { Db } from "@/lib/db/types";
import { AppError } from "@/lib/errors";
import { FactQuerySchema } from "@/lib/facts/query";
import type { ManualFactInput } from "@/lib/facts/schema";
import type { FactEdits } from "@/lib/facts/edit";
import type { SecretChoice } from "@/lib/facts/schema";
import { createManualFactAndRejudge, editAndRejudge } from "@/lib/jobs/decisions";

/** The fact base for the API and MCP: each function calls one domain function and returns the API's view. */

const FactKeySchema = z.object({
  mode: z.enum(["none", "words", "spelled", "close"]),
  spelledAs: z.string().max(400).optional(),
  score: z.number(),
  createdAt: z.iso.datetime(),
  id: z.uuid(),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toApiFact(fact: FactListItem): ApiFact {
  return {
    id: fact.id,
    content: fact.content,
    kind: fact.kind,
    confidence: fact.confidence,
    importance: fact.importance,
    temporal: fact.temporal,
    status: fact.status,
    version: fact.version,
    validFrom: iso(fact.validFrom),
    validTo: iso(fact.validTo),
    createdAt: fact.createdAt.toISOString(),
    updatedAt: fact.updatedAt.toISOString(),
    subject: fact.subject,
    provenance: fact.provenance.map((p) => ({
      source: p.source ? { id: p.source.id, title: p.source.title } : null,
      quote: p.quote,
      speaker: p.speaker,
      start: p.start,
      end: p.end,
      extractor: p.extractor,
      modelId: p.modelId,
    })),
  };
}

/** One page of a search, best first, with the cursor of the next. */
export async function listFactsPage({
  db,
  spaceId,
  query,
}: {
  db: Db;
  spaceId: string;
  query: z.output<typeof FactListQuerySchema>;
}): Promise<z.output<typeof FactPageSchema>> {
  const { as_of, cursor, limit, ...filters } = query;
  const key = decodeCursor(FactKeySchema, cursor);
  const page = await searchFactsAfter({
    db,
    spaceId,
    query: { ...FactQuerySchema.parse({}), ...filters, asOf: as_of },
    after: key ? { ...key, createdAt: new Date(key.createdAt) } : null,
    limit,
  });
  return {
    facts: page.facts.map(toApiFact),
    nextCursor: page.next ? encodeCursor({ ...page.next, createdAt: page.next.createdAt.toISOString() }) : null,
    closeSpellings: page.closeSpellings,
    spelledAs: page.spelledAs,
  };
}

export async function getApiFactDetail({ db, factId }: { db: Db; factId: string }): Promise<ApiFactDetail> {
  const fact = await getFactDetail({ db, factId });
  if (!fact) throw new AppError("NOT_FOUND", "No fact has this id.");
  return {
    ...toApiFact(fact),
    relations: [
      ...fact.relationsOut.map((r) => ({ type: r.type, direction: "out" as const, fact: r.toFact })),
      ...fact.relationsIn.map((r) => ({ type: r.type, direction: "in" as const, fact: r.fromFact })),
    ],
    revisions: fact.revisions.map((r) => ({
      version: r.version,
      action: r.action,
      reason: r.reason,
      reviewer: r.reviewer?.name ?? null,
      createdAt: r.createdAt.toISOString(),
      before: r.before,
      after: r.after,
    })),
  };
}

/** An edit against the version the client read; a stale one is CONFLICT with the text there now. */
export async function editApiFact(options: {
  db: Db;
  factId: string;
  version: number;
  edits: FactEdits & SecretChoice;
  reviewerId: string;
}): Promise<ApiFact> {
  const {
    db,
    factId,
    version,
    edits: { acknowledgeSecret, keepSecret, ...edits },
    reviewerId,
  } = options;
  const secret = { acknowledgeSecret, keepSecret };
  await editAndRejudge({ db, factId, expectedVersion: version, edits, reviewerId, secret });
  return getApiFactDetail({ db, factId }).then(stripDetail);
}

export async function createApiFact(options: { db: Db; spaceId: string; input: ManualFactInput; reviewerId: string }) {
  const fact = await createManualFactAndRejudge(options);
  return getApiFactDetail({ db: options.db, factId: fact.id }).then(stripDetail);
}

function stripDetail({ relations: _relations, revisions: _revisions, ...fact }: ApiFactDetail): ApiFact {
  return fact;
}
