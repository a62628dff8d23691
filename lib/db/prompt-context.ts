import "server-only";
import { EXAMPLES_POOL, KNOWN_FACTS_POOL } from "@/lib/chain/payload";
import { listDecisionLabels } from "@/lib/db/decision-labels";
import { listKnownFacts } from "@/lib/db/facts";
import type { Db } from "@/lib/db/types";
import type { ReviewedExample } from "@/lib/extraction/types";
import { PRIVATE_REJECT_REASON } from "@/lib/facts/schema";
import { findSecrets } from "@/lib/secrets/detect";

/**
 * What a new run's prompts may show beside the chunk: the approved facts (most important first) and, for a
 * model, the candidates this fact base's reviewers approved as they were or rejected, newest first. Edited and
 * merged ones are left out (the words they were approved with are not the candidate's), and so are those rejected as
 * private or holding a credential.
 */
export async function listPromptContext({
  db,
  spaceId,
  subject = null,
  knownFactsLimit,
  withExamples,
}: {
  db: Db;
  /** Only this space's facts and decisions reach a run's prompts: another team's never do. */
  spaceId: string;
  /**
   * Whom the source is about: the prompt's known facts are theirs only, and a run about someone is shown no
   * reviewed examples (those are other people's words).
   */
  subject?: string | null;
  knownFactsLimit: number;
  withExamples: boolean;
}): Promise<{ knownFacts: string[]; examples: ReviewedExample[] }> {
  const [knownFacts, labels] = await Promise.all([
    knownFactsLimit > 0 ? listKnownFacts({ db, spaceId, subject, take: KNOWN_FACTS_POOL }) : Promise.resolve([]),
    withExamples && subject === null
      ? listDecisionLabels({ db, spaceId, limit: EXAMPLES_POOL * 2 })
      : Promise.resolve([]),
  ]);
  const examples: ReviewedExample[] = [];
  for (const label of labels) {
    if (label.outcome !== "approved" && label.outcome !== "rejected") continue;
    // What a reviewer kept out of the fact base as private, or what holds a credential, is not sent to a model.
    if (label.rejectReason === PRIVATE_REJECT_REASON || findSecrets(label.content).length > 0) continue;
    examples.push({
      content: label.content,
      kind: label.kind,
      outcome: label.outcome,
      reason: label.outcome === "rejected" ? label.rejectReason : null,
    });
    if (examples.length === EXAMPLES_POOL) break;
  }
  return { knownFacts, examples };
}
