/** What the check reads of a meeting's gold facts and candidates (scripts/eval-meetings.ts has the rest). */
interface Gold {
  facts: { cue: string; superseded: boolean }[];
}
interface Scorable {
  content: string;
  quote: string;
  gateReason?: string | null;
}
const holds = (c: Scorable, phrase: string) =>
  c.quote.toLowerCase().includes(phrase.toLowerCase()) || c.content.toLowerCase().includes(phrase.toLowerCase());

/**
 * The README's separate check for the facts a meeting later corrected: each is proposed on its own, shown as
 * superseded inside the candidate that corrects it (its gate reason), or missing; and recall on the final facts.
 */
export function superseded(meetings: { gold: Gold; candidates: Scorable[] }[]): void {
  let own = 0;
  let inside = 0;
  let missing = 0;
  let finals = 0;
  let finalsFound = 0;
  for (const { gold, candidates } of meetings) {
    for (const f of gold.facts) {
      const found = candidates.some((c) => holds(c, f.cue));
      if (!f.superseded) {
        finals++;
        if (found) finalsFound++;
        continue;
      }
      const shown = candidates.some((c) => /Supersedes/.test(c.gateReason ?? "") && holds2(c.gateReason!, f.cue));
      if (found) own++;
      else if (shown) inside++;
      else missing++;
    }
  }
  console.log(
    `superseded gold facts: ${own + inside + missing}: ${own} proposed on their own, ${inside} shown as superseded ` +
      `inside the candidate correcting them, ${missing} missing; final facts found ${finalsFound}/${finals} (no floor)`,
  );
}
const holds2 = (text: string, phrase: string) => text.toLowerCase().includes(phrase.toLowerCase());
