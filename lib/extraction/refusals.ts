import { ChunkLogSchema, type ChunkLogEntry } from "@/lib/extraction/schema";

/**
 * What a run's log says about the items its model returned but the run did not keep, in one line for the run
 * page, the source page, the API and the CLI: "3 items refused: kind 'risk' is not in the taxonomy". Reasons
 * are grouped, the commonest first. No Node or framework imports: client components use it too.
 */
export interface RefusalSummary {
  count: number;
  text: string;
}

export function summarizeRefusals(log: readonly ChunkLogEntry[] | unknown): RefusalSummary | null {
  const parsed = Array.isArray(log) ? ChunkLogSchema.safeParse(log) : null;
  const entries = parsed?.success ? parsed.data : [];
  const counts = new Map<string, number>();
  for (const entry of entries)
    for (const reason of entry.refused ?? []) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const count = [...counts.values()].reduce((a, b) => a + b, 0);
  if (count === 0) return null;
  const groups = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const reasons =
    groups.length === 1
      ? groups[0]![0]
      : groups
          .slice(0, 4)
          .map(([reason, n]) => `${n} × ${reason}`)
          .join("; ") + (groups.length > 4 ? `; ${groups.length - 4} other reasons` : "");
  return { count, text: `${count} item${count === 1 ? "" : "s"} refused: ${reasons}` };
}

/**
 * What the offline extractor found but ranked under its floor, in one line: "12 low-ranked sentences left out
 * (below 0.2)". Counted per chunk in the run's log (`belowFloor`), so nothing it leaves out goes unsaid.
 */
export function summarizeLeftOut(log: readonly ChunkLogEntry[] | unknown): RefusalSummary | null {
  const parsed = Array.isArray(log) ? ChunkLogSchema.safeParse(log) : null;
  const entries = parsed?.success ? parsed.data : [];
  const count = entries.reduce((n, e) => n + (e.belowFloor?.count ?? 0), 0);
  if (count === 0) return null;
  const floor = Math.max(...entries.map((e) => e.belowFloor?.floor ?? 0));
  return { count, text: `${count} low-ranked sentence${count === 1 ? "" : "s"} left out (below ${floor})` };
}

/**
 * What the extractor joined instead of proposing twice: a closing summary's items that repeat earlier candidates
 * ("3 closing-summary repeats joined to the facts they repeat"), counted per chunk in the run's log.
 */
export function summarizeJoined(log: readonly ChunkLogEntry[] | unknown): RefusalSummary | null {
  const parsed = Array.isArray(log) ? ChunkLogSchema.safeParse(log) : null;
  const count = (parsed?.success ? parsed.data : []).reduce((n, e) => n + (e.joined ?? 0), 0);
  if (count === 0) return null;
  return { count, text: `${count} closing-summary repeat${count === 1 ? "" : "s"} joined to the facts they repeat` };
}

/**
 * What the run's de-duplication dropped: candidates a later chunk proposed again in the same words as an earlier
 * one (kept once, the first). Counted beside the run, as what is refused and left out is.
 */
export function summarizeRepeats(log: readonly ChunkLogEntry[] | unknown): RefusalSummary | null {
  const parsed = Array.isArray(log) ? ChunkLogSchema.safeParse(log) : null;
  const count = (parsed?.success ? parsed.data : []).reduce((n, e) => n + (e.repeats ?? 0), 0);
  if (count === 0) return null;
  return { count, text: `${count} repeat${count === 1 ? "" : "s"} of earlier lines dropped (kept once)` };
}
