import type { Evidence } from "@/lib/extraction/offline/evidence";

/** A candidate's evidence with nothing found, but what `found` sets (importance and its fitting tests). */
export function evidenceWith(found: Partial<Evidence> = {}): Evidence {
  return {
    value: 0,
    dated: 0,
    due: 0,
    owner: 0,
    team: 0,
    obligation: 0,
    negation: 0,
    opinion: 0,
    repeats: 0,
    corrected: 0,
    position: 0,
    ...found,
  };
}
