import type { KindDefinition } from "@/lib/extraction/types";
import { TaxonomySchema } from "@/lib/extraction/kinds";

/**
 * The custom taxonomy as a reviewer types it in Settings: one kind a line, `id: definition`
 * (e.g. `risk: Something that could make the project fail`). The label is made from the id.
 */
export function formatTaxonomyText(kinds: KindDefinition[]): string {
  return kinds.map((k) => `${k.id}: ${k.definition}`).join("\n");
}

export function labelFromId(id: string): string {
  const words = id.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type TaxonomyParse = { ok: true; kinds: KindDefinition[] } | { ok: false; error: string };

export function parseTaxonomyText(text: string): TaxonomyParse {
  const kinds: KindDefinition[] = [];
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const match = /^([^:]+):\s*(.*)$/.exec(line);
    if (!match) return { ok: false, error: `Line ${i + 1}: write it as "id: definition"` };
    const id = match[1]!
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, "_");
    kinds.push({ id, label: labelFromId(id), definition: match[2]!.trim() });
  }
  const parsed = TaxonomySchema.safeParse(kinds);
  if (parsed.success) return { ok: true, kinds: parsed.data };
  const issue = parsed.error.issues[0]!;
  const line =
    typeof issue.path[0] === "number"
      ? ` (kind ${issue.path[0] + 1}${kinds[issue.path[0]] ? `, "${kinds[issue.path[0]]!.id}"` : ""})`
      : "";
  return { ok: false, error: `${issue.message}${line}` };
}
