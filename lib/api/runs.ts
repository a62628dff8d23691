import "server-only";
import type { z } from "zod";
import type { ApiRun, ProposeFactsSchema, SourceJsonSchema, StartedRun } from "@/lib/api/schemas";
import { getRunProgress, type RunProgress } from "@/lib/db/runs";
import { getSettings } from "@/lib/db/settings";
import type { Db } from "@/lib/db/types";
import type { Env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { maskSecretsDeep } from "@/lib/secrets/mask";
import { currentRateLimitWait, summarizeRateLimits } from "@/lib/extraction/rate-limit-notes";
import { summarizeRefusals } from "@/lib/extraction/refusals";
import { proposalText, type ProposedFact } from "@/lib/extraction/agent";
import { startExtractionFromInput, type RunInBackground } from "@/lib/jobs/start-extraction";
import { kindOptions } from "@/lib/settings/schema";
import { assertRunCapacity } from "@/lib/security/limits";

/** Sources and runs for the API and MCP: a transcript or an agent's proposals in, the run out. */

export function toApiRun(run: RunProgress): ApiRun {
  const { _count, createdAt, rateLimitedUntil, ...rest } = run;
  // A run's error or chunk log may quote the model or the text: through the secret mask.
  return maskSecretsDeep({
    ...rest,
    createdAt: createdAt.toISOString(),
    candidates: _count.candidates,
    refused: summarizeRefusals(rest.chunkLog),
    rateLimit: summarizeRateLimits(rest.chunkLog),
    waiting: currentRateLimitWait({ status: rest.status, rateLimitedUntil }),
  });
}

export async function getApiRun({ db, runId }: { db: Db; runId: string }): Promise<ApiRun> {
  const run = await getRunProgress({ db, runId });
  if (!run) throw new AppError("NOT_FOUND", "No run has this id.");
  return toApiRun(run);
}

type SourceFields = Omit<z.output<typeof SourceJsonSchema>, "text"> & { text?: string; file?: File };

/**
 * A transcript sent as text or as a file, checked as the ingest form checks it (readSourceInput), saved
 * with a run that starts in the background. A text added before is CONFLICT unless `again` is "1".
 */
export async function startSourceRun({
  db,
  env,
  fields,
  origin,
  runInBackground,
  agentFacts,
  reviewerId,
  spaceId,
}: {
  db: Db;
  env: Env;
  /** The space the source joins. */
  spaceId: string;
  fields: SourceFields;
  origin: "api" | "agent";
  runInBackground: RunInBackground;
  /** An agent's own facts: stored in the run's payload, proposed instead of extracting. */
  agentFacts?: ProposedFact[];
  reviewerId: string;
}): Promise<StartedRun> {
  await assertRunCapacity({ db, reviewerId });
  const started = await startExtractionFromInput({
    db,
    env,
    spaceId,
    fields,
    file: fields.file,
    origin,
    runInBackground,
    agentFacts,
    reviewerId,
  });
  if (started.duplicateOf) {
    const { id, title } = started.duplicateOf;
    throw new AppError(
      "CONFLICT",
      `This text was added before, as "${title}" (source ${id}). Send again: "1" to extract it once more.`,
    );
  }
  return {
    runId: started.runId,
    sourceId: started.sourceId,
    extractor: started.extractor,
    run: await getApiRun({ db, runId: started.runId }),
  };
}

/**
 * An agent's proposals: a text to extract, or its own facts (with the text they came from, or alone).
 * Either way a source with origin "agent" and a run: the candidates are grounded, matched and gated like
 * any other, and wait in the review queue; they are never approved automatically (gatePolicyForOrigin).
 */
export async function proposeFacts({
  db,
  env,
  input,
  runInBackground,
  reviewerId,
  spaceId,
}: {
  db: Db;
  env: Env;
  spaceId: string;
  input: z.output<typeof ProposeFactsSchema>;
  runInBackground: RunInBackground;
  reviewerId: string;
}): Promise<StartedRun> {
  const { facts, text, title, contextHints, subject } = input;
  if (!facts?.length) {
    return startSourceRun({
      db,
      env,
      spaceId,
      fields: { title, text, contextHints, subject },
      origin: "agent",
      runInBackground,
      reviewerId,
    });
  }
  const kinds = kindOptions(await getSettings({ db, spaceId })).map((k) => k.id);
  const unknown = facts.flatMap((f, i) => (kinds.includes(f.kind) ? [] : [[`facts.${i}.kind`, f.kind] as const]));
  if (unknown.length) {
    throw new AppError("VALIDATION", `Unknown kind "${unknown[0]?.[1]}": use one of ${kinds.join(", ")}.`, {
      fieldErrors: Object.fromEntries(unknown.map(([path]) => [path, [`Use one of: ${kinds.join(", ")}`]])),
    });
  }
  return startSourceRun({
    db,
    env,
    spaceId,
    fields: {
      title: title || "Proposed by an agent",
      text: text?.trim() ? text : proposalText(facts),
      contextHints,
      subject,
    },
    origin: "agent",
    runInBackground,
    reviewerId,
    agentFacts: facts,
  });
}
