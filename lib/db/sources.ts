import "server-only";
import { createHash } from "node:crypto";
import { parseStoredJson } from "@/lib/db/stored-json";
import type { Db, Tx } from "@/lib/db/types";
import { SegmentsSchema, type ParsedSource } from "@/lib/sources/schema";

export interface NewSource {
  title: string;
  origin: "paste" | "upload" | "api" | "agent";
  filename?: string | null;
  mediaType?: string | null;
  parsed: ParsedSource;
  meetingDate?: string | null;
  contextHints?: string | null;
  /** Whom it is about within its space; null for none. */
  subject?: string | null;
}

export function hashText(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export async function createSource({ db, spaceId, source }: { db: Db | Tx; spaceId: string; source: NewSource }) {
  return db.source.create({
    data: {
      spaceId,
      title: source.title,
      origin: source.origin,
      filename: source.filename ?? null,
      mediaType: source.mediaType ?? null,
      format: source.parsed.format,
      text: source.parsed.text,
      contentHash: hashText(source.parsed.text),
      segments: source.parsed.segments,
      participants: source.parsed.participants,
      meetingDate: source.meetingDate ? new Date(`${source.meetingDate}T00:00:00Z`) : null,
      contextHints: source.contextHints ?? null,
      subject: source.subject ?? null,
    },
  });
}

export async function listSources({ db, spaceId, take = 100 }: { db: Db; spaceId: string; take?: number }) {
  return db.source.findMany({
    where: { spaceId },
    orderBy: { createdAt: "desc" },
    take,
    select: {
      id: true,
      title: true,
      origin: true,
      filename: true,
      format: true,
      participants: true,
      meetingDate: true,
      createdAt: true,
      _count: { select: { runs: true, provenance: true } },
      runs: { orderBy: { createdAt: "desc" }, take: 1, select: { id: true, status: true, extractor: true } },
    },
  });
}

/** A source with its runs; `segments` is null when its stored JSON could not be read (logged). */
export async function getSource({ db, sourceId }: { db: Db; sourceId: string }) {
  const source = await db.source.findUnique({
    where: { id: sourceId },
    include: {
      runs: { orderBy: { createdAt: "desc" }, include: { _count: { select: { candidates: true } } } },
    },
  });
  if (!source) return null;
  const segments = parseStoredJson(SegmentsSchema, source.segments, {
    table: "Source",
    column: "segments",
    id: source.id,
  });
  return { ...source, segments };
}

/**
 * The latest source whose text is exactly this one (same sha256) about the same subject, if one was ingested
 * before: the same words about another end user are not a repeat.
 */
export function findSourceByText({
  db,
  spaceId,
  text,
  subject = null,
}: {
  db: Db | Tx;
  spaceId: string;
  text: string;
  subject?: string | null;
}) {
  return db.source.findFirst({
    where: { spaceId, contentHash: hashText(text), subject },
    orderBy: { createdAt: "desc" },
    select: { id: true, title: true, createdAt: true },
  });
}

/** Where each candidate of a source sits in its text, with its status: the source view highlights them. */
export async function listSourceSpans({ db, sourceId }: { db: Db; sourceId: string }) {
  return db.candidate.findMany({
    where: { run: { sourceId }, start: { not: null }, end: { not: null } },
    select: { id: true, start: true, end: true, status: true, content: true, kind: true },
    orderBy: [{ start: "asc" }, { end: "desc" }],
  });
}
