import { z } from "zod";

export const VERDICTS = ["duplicate", "related", "contradicts", "new"] as const;
export type Verdict = (typeof VERDICTS)[number];
export const STAGES = ["hash", "normalized", "lexical", "embedding", "llm"] as const;
export type Stage = (typeof STAGES)[number];

/**
 * One comparison of a candidate with a fact or another open candidate, as the matcher returns it, the
 * gate reads it, Candidate.matches stores it, the queue shows it and `sift review` prints it.
 */
export const MatchSchema = z.object({
  factId: z.string().optional(),
  candidateId: z.string().optional(),
  content: z.string(),
  score: z.number(),
  verdict: z.enum(VERDICTS),
  /** The cascade stage that decided the verdict. */
  stage: z.enum(STAGES),
  /** Written for a reviewer. */
  reason: z.string(),
  /**
   * The score model's pair that a hard guard set apart (another date, amount, owner, a negation): no score cut-off
   * decided it. Absent on other stages and on matches stored before it was recorded.
   */
  vetoed: z.boolean().optional(),
});
export type Match = z.infer<typeof MatchSchema>;

export const MatchesSchema = z.array(MatchSchema);

/** What the matcher decided for one candidate: the verdict of its best match, and the matches. */
export interface MatchResult {
  verdict: Verdict;
  stage: Stage;
  matches: Match[];
}
