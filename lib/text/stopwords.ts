/**
 * Function words: too common to say what a statement is about. The matcher weighs them little in the
 * overlap (they stay for word order) and does not look them up in WordNet; a batch's prefilter does not
 * count them as shared words (lib/jobs/review-candidates.ts). Negators ("not", "no") are not among them:
 * the matcher reads them as negation (lib/matcher/lexical.ts NEGATORS).
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a an the and or but if of to in on at by for with from as into onto about over under " +
    "is are was were be been being am do does did doing have has had having will would shall should " +
    "can could may might must this that these those there here it its it's he she they them his her " +
    "their we us our you your i me my mine which who whom whose what when where while than then so " +
    "such very just also too up out off all any some each both only own same other"
  ).split(" "),
);
