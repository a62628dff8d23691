import "server-only";
import type { z } from "zod";
import type { ForgottenSubjectSchema, SubjectForgetPlanSchema } from "@/lib/api/schemas";
import type { Db } from "@/lib/db/types";
import { previewForgetSubject } from "@/lib/facts/forget-subject";
import type { ForgetSubjectInput } from "@/lib/facts/schema";
import { forgetSubjectAndRejudge } from "@/lib/jobs/decisions";

/** What forgetting a subject would change (REST and MCP): ids and words, to show and to send back. */
export async function previewApiForgetSubject({
  db,
  spaceId,
  subject,
}: {
  db: Db;
  spaceId: string;
  subject: string;
}): Promise<z.output<typeof SubjectForgetPlanSchema>> {
  const plan = await previewForgetSubject({ db, spaceId, subject });
  return {
    subject: plan.subject,
    facts: plan.facts.map(({ id, content, status }) => ({ id, content, status })),
    sources: plan.sources.map(({ id, title }) => ({ id, title })),
    openCandidates: plan.openCandidates,
    shared: plan.shared.map(({ id, content, status }) => ({ id, content, status })),
    expected: {
      factIds: plan.facts.map((f) => f.id),
      candidateIds: plan.openCandidates.map((c) => c.id),
      sourceIds: plan.sources.map((s) => s.id),
    },
  };
}

/** Forgets a subject as previewed (the server action, REST and MCP), then re-judges what matched their facts. */
export async function forgetApiSubject({
  db,
  spaceId,
  input,
  reviewerId,
}: {
  db: Db;
  spaceId: string;
  input: ForgetSubjectInput;
  reviewerId: string;
}): Promise<z.output<typeof ForgottenSubjectSchema>> {
  const result = await forgetSubjectAndRejudge({ db, spaceId, ...input, reviewerId });
  return {
    archived: result.archived,
    deleted: result.deleted,
    sourcesDeleted: result.sourcesDeleted,
    rejected: result.rejected,
    kept: result.kept,
  };
}
