import "server-only";
import { log } from "@/lib/log";
import type { z } from "zod";

/**
 * Reads a JSON column through its zod schema: stored JSON is parsed, never cast. A row that does not
 * parse (written by an older version, or edited by hand) is logged with its id and comes back as
 * null, so the caller shows it as unreadable instead of crashing a page or a run.
 */
export function parseStoredJson<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: { table: string; column: string; id: string },
): z.infer<S> | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
  log.warn({ ...where, issues }, `unreadable ${where.table}.${where.column} on row ${where.id}: read as empty`);
  return null;
}
