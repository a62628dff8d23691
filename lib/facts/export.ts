import { stringify } from "csv-stringify/sync";
import type { FactListItem } from "@/lib/db/facts";

/**
 * The fact base written out for people and other tools, a batch at a time so an export of 100k facts is
 * streamed, never held whole: JSON (one array), JSON Lines, CSV (RFC 4180, by csv-stringify) and
 * Markdown grouped by kind. Every format carries each fact's provenance.
 */
export const EXPORT_FORMATS = ["json", "jsonl", "csv", "md"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  json: "application/json; charset=utf-8",
  jsonl: "application/x-ndjson; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  md: "text/markdown; charset=utf-8",
};

type Provenance = Omit<FactListItem["provenance"][number], "source"> & { source: { id: string; title: string } | null };
/** What an export needs of a fact: a fact of the list (FactListItem) has it, and so has a batch of iterateFacts. */
export type ExportableFact = Pick<
  FactListItem,
  | "id"
  | "content"
  | "kind"
  | "status"
  | "temporal"
  | "confidence"
  | "importance"
  | "validFrom"
  | "validTo"
  | "createdAt"
  | "version"
> & { provenance: Array<Pick<Provenance, "quote" | "speaker" | "start" | "end" | "source">> };

/** One fact as every format exports it. */
export function exportedFact(f: ExportableFact) {
  return {
    id: f.id,
    content: f.content,
    kind: f.kind,
    status: f.status,
    temporal: f.temporal,
    confidence: f.confidence,
    importance: f.importance,
    validFrom: f.validFrom?.toISOString() ?? null,
    validTo: f.validTo?.toISOString() ?? null,
    approvedAt: f.createdAt.toISOString(),
    version: f.version,
    sources: f.provenance.map((p) => ({
      sourceId: p.source?.id ?? null,
      title: p.source?.title ?? null,
      speaker: p.speaker,
      quote: p.quote,
      start: p.start,
      end: p.end,
    })),
  };
}

const CSV_COLUMNS = [
  "id",
  "content",
  "kind",
  "status",
  "temporal",
  "confidence",
  "importance",
  "valid_from",
  "valid_to",
  "approved_at",
  "version",
  "sources",
  "speakers",
  "quotes",
];

/** Writes one export: `start`, then `batch` for each batch of facts in order, then `end`. */
export function createExportWriter(format: ExportFormat) {
  let count = 0;
  let kind: string | null = null;
  return {
    start(): string {
      if (format === "json") return "[";
      if (format === "csv") return stringify([CSV_COLUMNS]);
      if (format === "md") return "# Facts\n";
      return "";
    },
    batch(facts: ExportableFact[]): string {
      // CSV: one csv-stringify call for the batch (a call per row built a stringifier per fact); the same bytes.
      if (format === "csv") {
        count += facts.length;
        return facts.length > 0 ? stringify(facts.map((fact) => csvRecord(exportedFact(fact)))) : "";
      }
      let out = "";
      for (const fact of facts) {
        const e = exportedFact(fact);
        if (format === "json") out += `${count === 0 ? "\n" : ",\n"}${JSON.stringify(e)}`;
        else if (format === "jsonl") out += `${JSON.stringify(e)}\n`;
        else {
          if (e.kind !== kind) out += `\n## ${e.kind.replace(/_/g, " ")}\n\n`;
          kind = e.kind;
          out += markdownItem(e);
        }
        count++;
      }
      return out;
    },
    end(): string {
      if (format === "json") return count === 0 ? "]\n" : "\n]\n";
      if (format === "md" && count === 0) return "\nNo facts match this search.\n";
      return "";
    },
  };
}

function csvRecord(e: ReturnType<typeof exportedFact>): Array<string | number> {
  const join = (values: Array<string | null>) => values.filter((v): v is string => Boolean(v)).join(" | ");
  return [
    e.id,
    e.content,
    e.kind,
    e.status,
    e.temporal,
    e.confidence,
    e.importance,
    e.validFrom ?? "",
    e.validTo ?? "",
    e.approvedAt,
    e.version,
    join(e.sources.map((s) => s.title)),
    join(e.sources.map((s) => s.speaker)),
    join(e.sources.map((s) => s.quote)),
  ];
}

/** "- The fact. — *Source* (Speaker): “quote”", one line per source, Markdown's specials escaped. */
function markdownItem(e: ReturnType<typeof exportedFact>): string {
  const escape = (text: string) => text.replace(/\s+/g, " ").replace(/([\\`*_[\]<>#|])/g, "\\$1");
  const status = e.status === "active" ? "" : ` *(${e.status})*`;
  const sources = e.sources.map(
    (s) =>
      `  - ${s.title ? `*${escape(s.title)}*` : "a deleted source"}${s.speaker ? ` (${escape(s.speaker)})` : ""}` +
      `${s.quote ? `: “${escape(s.quote)}”` : ""}\n`,
  );
  return `- ${escape(e.content)}${status}\n${sources.join("")}`;
}
