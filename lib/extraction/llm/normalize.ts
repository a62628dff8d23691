import { ExtractedFactSchema, type ExtractedFact } from "@/lib/extraction/schema";

/**
 * Models (local servers above all) ignore the schema's strictness: kinds in another spelling or outside the
 * taxonomy, "high" for a confidence, 85 for 0.85, a paragraph for a fact. Each item is mapped to what the
 * schema asks where its meaning is clear, with a note that gates it where the mapping is a guess; an item
 * that still cannot be read is refused with a reason the run shows. Nothing is dropped without one.
 */

/** Words a model writes for a confidence or importance, and the number each stands for (docs/guide.md). */
export const WORD_SCORES: Readonly<Record<string, number>> = {
  "very high": 0.95,
  high: 0.9,
  medium: 0.6,
  moderate: 0.6,
  low: 0.3,
  "very low": 0.1,
};

/** Where a fact's content is cut (the schema's limit), at the last clause boundary before it. */
export const MAX_CONTENT_CHARS = 1_000;

/** Kinds tried, in order, as the taxonomy's catch-all for a kind it does not have. */
const CATCH_ALL_KINDS = ["context", "general", "other", "observation", "insight"];

export type NormalizedItem = { fact: ExtractedFact } | { refused: string };

export function catchAllKind(kindIds: ReadonlySet<string>): string | undefined {
  return CATCH_ALL_KINDS.find((k) => kindIds.has(k));
}

/** "Action-Item", "action item", "ACTION_ITEM", "action items" → "action_item" when that is a kind. */
export function normalizeKind(raw: string, kindIds: ReadonlySet<string>): string | undefined {
  const slug = raw
    .trim()
    .toLowerCase()
    .replace(/[\s\-./]+/g, "_")
    .replace(/[^a-z0-9_]/g, "");
  if (kindIds.has(slug)) return slug;
  if (slug.endsWith("s") && kindIds.has(slug.slice(0, -1))) return slug.slice(0, -1);
  const squashed = slug.replace(/_/g, "");
  return [...kindIds].find((k) => k.replace(/_/g, "") === squashed);
}

/** 0.8, "0.8", "80%", 80, "high" → 0..1; undefined when it is not a score. */
export function normalizeScore(raw: unknown): number | undefined {
  if (typeof raw === "string") {
    const word = WORD_SCORES[raw.trim().toLowerCase()];
    if (word !== undefined) return word;
    const m = /^\s*(\d+(?:\.\d+)?)\s*(%?)\s*$/.exec(raw);
    if (!m) return undefined;
    return normalizeScore(m[2] ? Number(m[1]) / 100 : Number(m[1]));
  }
  if (typeof raw !== "number" || !Number.isFinite(raw) || raw < 0) return undefined;
  if (raw <= 1) return raw;
  // 1 < x ≤ 100 is a percentage; anything larger is not a score.
  return raw <= 100 ? raw / 100 : undefined;
}

/** Content over the limit, cut after the last clause boundary (". ", "; ", ", ") that keeps most of it. */
export function cutAtClause(content: string, max = MAX_CONTENT_CHARS): string {
  if (content.length <= max) return content;
  const head = content.slice(0, max);
  const boundary = Math.max(head.lastIndexOf(". "), head.lastIndexOf("; "), head.lastIndexOf(", "));
  const cut = boundary >= max / 2 ? head.slice(0, boundary + 1) : head.slice(0, head.lastIndexOf(" ") + 1 || max);
  return cut.replace(/[\s,;]+$/, "").trim();
}

export function normalizeItem(item: unknown, kindIds: ReadonlySet<string>): NormalizedItem {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return { refused: "not a JSON object" };
  const raw = { ...(item as Record<string, unknown>) };
  // Gate notes are ours to write: a model's own "notes" would otherwise reach the reviewer as a gate reason.
  delete raw.notes;
  const notes: string[] = [];

  if (typeof raw.kind === "string") {
    const kind = normalizeKind(raw.kind, kindIds);
    if (kind) raw.kind = kind;
    else {
      const fallback = catchAllKind(kindIds);
      if (!fallback) return { refused: `kind '${raw.kind}' is not in the taxonomy` };
      notes.push(`Kind '${raw.kind}' is not in the taxonomy: filed as '${fallback}'`);
      raw.kind = fallback;
    }
  }
  for (const field of ["confidence", "importance"] as const) {
    const score = normalizeScore(raw[field]);
    if (score !== undefined) raw[field] = score;
  }
  if (typeof raw.temporal === "string") raw.temporal = raw.temporal.trim().toLowerCase();
  if (raw.speaker === undefined || raw.speaker === "") raw.speaker = null;
  if (typeof raw.content === "string" && raw.content.length > MAX_CONTENT_CHARS) {
    const original = raw.content.length;
    raw.content = cutAtClause(raw.content);
    notes.push(`Content cut to ${(raw.content as string).length} of ${original} characters`);
  }

  const parsed = ExtractedFactSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join(".") : "fact";
    return { refused: `${where}: ${issue?.message ?? "invalid"}` };
  }
  const fact = parsed.data;
  return { fact: notes.length > 0 ? { ...fact, notes: [...(fact.notes ?? []), ...notes] } : fact };
}
