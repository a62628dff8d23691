import { z } from "zod";
import { ERROR_CODES } from "@/lib/errors";
import { ProposedFactSchema } from "@/lib/extraction/agent";
import { ChunkLogSchema, RUN_STATUSES } from "@/lib/extraction/schema";
import { FactQuerySchema } from "@/lib/facts/query";
import {
  ApprovalEditsSchema,
  FACT_STATUSES,
  FactSchema,
  FactSnapshotSchema,
  ForgetSubjectInputSchema,
  RejectReasonSchema,
  SecretChoiceSchema,
  VersionSchema,
} from "@/lib/facts/schema";
import { CANDIDATE_STATUSES, CandidateViewSchema } from "@/lib/queue/candidate";
import { ALL_EXTENSIONS } from "@/lib/sources/formats";
import { SourceInputSchema } from "@/lib/sources/schema";

/**
 * The REST API's and MCP's view of Sift's concepts, built from the concepts' own schemas (FactSchema,
 * FactQuerySchema, SourceInputSchema, ExtractedFactSchema…), never a second copy of them. The OpenAPI
 * document (lib/api/openapi.ts) is generated from these; `id` in `.meta` names the document's component.
 */

const Timestamp = z.iso.datetime().meta({ description: "ISO 8601 date-time, UTC" });
const Id = z.uuid();

export const ApiErrorSchema = z
  .object({
    code: z.enum(ERROR_CODES),
    message: z.string().meta({ description: "Written for people; never internals" }),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: "Error" });
export type ApiError = z.infer<typeof ApiErrorSchema>;

const ProvenanceSchema = z.object({
  source: z.object({ id: Id, title: z.string() }).nullable(),
  quote: z.string().nullable(),
  speaker: z.string().nullable(),
  start: z.int().nullable(),
  end: z.int().nullable(),
  extractor: z.string().nullable(),
  modelId: z.string().nullable(),
});

export const ApiFactSchema = FactSchema.omit({ validFrom: true, validTo: true, status: true })
  .extend({
    id: Id,
    status: z.enum(FACT_STATUSES),
    /** Optimistic concurrency: send it back as If-Match to edit. */
    version: z.int().min(1),
    validFrom: Timestamp.nullable(),
    validTo: Timestamp.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    provenance: z.array(ProvenanceSchema),
    /** Whom the fact is about within its space (its source's subject); null for none. */
    subject: z.string().nullable(),
  })
  .meta({ id: "Fact" });
export type ApiFact = z.infer<typeof ApiFactSchema>;

const RelatedFactSchema = z.object({ id: Id, content: z.string(), status: z.enum(FACT_STATUSES) });

export const ApiFactDetailSchema = ApiFactSchema.extend({
  relations: z.array(
    z.object({
      type: z.enum(["related", "duplicate_of", "supersedes", "contradicts"]),
      /** "out": this fact → the other ("supersedes" it); "in": the other → this fact. */
      direction: z.enum(["out", "in"]),
      fact: RelatedFactSchema,
    }),
  ),
  revisions: z.array(
    z.object({
      version: z.int(),
      action: z.string(),
      reason: z.string().nullable(),
      reviewer: z.string().nullable(),
      createdAt: Timestamp,
      before: FactSnapshotSchema.nullable(),
      after: FactSnapshotSchema.nullable(),
    }),
  ),
}).meta({ id: "FactDetail" });
export type ApiFactDetail = z.infer<typeof ApiFactDetailSchema>;

const Cursor = z
  .string()
  .max(400)
  .optional()
  .meta({ description: "nextCursor of the previous page; opaque, stable while items are added" });
const Limit = z.coerce.number().int().min(1).max(100).default(25);

/** GET /api/facts and MCP search_facts: the fact base's search (FactQuerySchema), a page at a time. */
export const FactListQuerySchema = FactQuerySchema.pick({
  q: true,
  kind: true,
  status: true,
  source: true,
  speaker: true,
  reviewer: true,
  from: true,
  to: true,
  min: true,
  max: true,
  subject: true,
}).extend({
  /** What was true on this day (yyyy-mm-dd): facts valid then, whatever their status now. */
  as_of: FactQuerySchema.shape.asOf,
  cursor: Cursor,
  limit: Limit,
});

export const FactPageSchema = z
  .object({
    facts: z.array(ApiFactSchema),
    /** Pass as `cursor` for the next page; null on the last one. */
    nextCursor: z.string().nullable(),
    /** No fact has the words: these are close spellings of them. */
    closeSpellings: z.boolean(),
    /** The words as searched, spelt as the facts spell them ("launch" for "lanch"); null when not respelt. */
    spelledAs: z.string().nullable(),
  })
  .meta({ id: "FactPage" });

/** PATCH /api/facts/:id: what a reviewer may edit (the fact page's editor). */
export const FactEditSchema = FactSchema.pick({ content: true, kind: true, temporal: true, importance: true })
  .partial()
  .extend(SecretChoiceSchema.shape)
  .refine(({ acknowledgeSecret: _a, keepSecret: _k, ...edits }) => Object.keys(edits).length > 0, {
    message: "Send at least one of content, kind, temporal, importance",
  })
  .meta({ id: "FactEdit" });

/** `If-Match: <version>` (a plain number, quoted or weak ETag forms accepted). */
export const IfMatchSchema = z.object({
  "if-match": z
    .string()
    .regex(/^(W\/)?"?\d{1,9}"?$/, "If-Match must be the fact's version, e.g. If-Match: 3")
    .meta({ description: "The fact's version you read (its `version`)" }),
});

export const ApiRunSchema = z
  .object({
    id: Id,
    status: z.enum(RUN_STATUSES),
    extractor: z.string(),
    modelId: z.string().nullable(),
    promptVersion: z.string().nullable(),
    error: z.string().nullable(),
    chunksTotal: z.int(),
    chunksDone: z.int(),
    chunksFailed: z.int(),
    /** Null when the stored log could not be read. */
    chunkLog: ChunkLogSchema.nullable(),
    inputTokens: z.int().nullable(),
    outputTokens: z.int().nullable(),
    /** Of inputTokens, those the provider read from its prompt cache. */
    cacheReadTokens: z.int().nullable(),
    /** Tokens the run's matcher sent to the embedding model. */
    embeddingTokens: z.int().nullable(),
    /** Some of the tokens, and so costUsd, are estimates for requests billed but not reported (timeouts). */
    usageEstimated: z.boolean(),
    /** The chunks' and the matcher's (LLM judge, embeddings) tokens at SIFT_LLM_PRICE_PER_MTOK. */
    costUsd: z.number().nullable(),
    durationMs: z.int().nullable(),
    createdAt: Timestamp,
    source: z.object({ id: Id, title: z.string() }),
    /** Candidates saved so far. */
    candidates: z.int(),
    /** Where those candidates stand now: to review, held by a gate (low confidence, quote not found…), decided. */
    counts: z.object({
      pending: z.int(),
      gated: z.int(),
      decided: z.int(),
      /** Candidates whose quote was not found in the source (each is gated). */
      unsupported: z.int(),
    }),
    /** Items the model returned that the run did not keep, with why (each reason is in chunkLog[].refused). */
    refused: z.object({ count: z.int(), text: z.string() }).nullable(),
    /** What the chunks waited for the provider's rate limit in all (each chunk's is in chunkLog[].rateLimit). */
    rateLimit: z.object({ hits: z.int(), waitedMs: z.number(), text: z.string() }).nullable(),
    /** While a chunk of a running run waits out the provider's rate limit ("waiting 45 s: the provider's …"). */
    waiting: z.object({ seconds: z.int(), text: z.string() }).nullable(),
  })
  .meta({ id: "Run" });
export type ApiRun = z.infer<typeof ApiRunSchema>;

/** POST /api/sources as JSON: the ingest form's fields (SourceInputSchema) with the text required. */
export const SourceJsonSchema = SourceInputSchema.extend({
  text: z.string().min(1, "Send the transcript as text, or upload a file as multipart/form-data"),
}).meta({ id: "SourceInput" });

export const SourceUploadSchema = SourceInputSchema.omit({ text: true })
  .extend({
    file: z
      .string({ error: "Attach the transcript as the field named file" })
      .meta({ format: "binary", description: ALL_EXTENSIONS }),
  })
  .meta({ id: "SourceUpload" });

export const StartedRunSchema = z
  .object({ runId: Id, sourceId: Id, extractor: z.string(), run: ApiRunSchema })
  .meta({ id: "StartedRun" });
export type StartedRun = z.infer<typeof StartedRunSchema>;

export const CandidateListQuerySchema = z.object({
  /** "open" = pending and gated: what waits for a reviewer. */
  status: z.enum(["open", "all", ...CANDIDATE_STATUSES]).default("open"),
  run: Id.optional(),
  source: Id.optional(),
  /** "created": newest first. "rank": the queue's ranked order, best first (ties: newest first). */
  sort: z.enum(["created", "rank"]).default("created"),
  cursor: Cursor,
  limit: Limit,
});

/** The queue's candidate, as the queue itself reads it (lib/queue/candidate.ts). */
export const ApiCandidateSchema = CandidateViewSchema.meta({ id: "Candidate" });

export const CandidatePageSchema = z
  .object({ candidates: z.array(ApiCandidateSchema), nextCursor: z.string().nullable() })
  .meta({ id: "CandidatePage" });

/** POST /api/candidates/:id/approve: the review card's approve, with the version read. */
export const ApproveBodySchema = z
  .object({
    version: VersionSchema,
    edits: ApprovalEditsSchema.optional(),
    supersedeFactIds: z.array(Id).max(20).optional(),
    relateFactIds: z.array(Id).max(20).optional(),
    withCluster: z.boolean().optional(),
    ...SecretChoiceSchema.shape,
  })
  .meta({ id: "Approve" });

export const RejectBodySchema = z
  .object({ version: VersionSchema, reason: RejectReasonSchema.optional(), withCluster: z.boolean().optional() })
  .meta({ id: "Reject" });

export const DecisionSchema = z
  .object({
    candidateId: Id,
    status: z.enum(["approved", "rejected"]),
    /** The fact an approval made. */
    factId: Id.nullable(),
    /** Candidates decided with it (its cluster). */
    decided: z.int(),
  })
  .meta({ id: "Decision" });

/** MCP propose_facts: a transcript to extract, or the agent's own facts (with the text they came from). */
export const ProposeFactsSchema = z
  .object({
    title: SourceInputSchema.shape.title,
    text: z.string().optional().meta({ description: "The transcript or notes; extracted when no facts are given" }),
    facts: z.array(ProposedFactSchema).min(1).max(200).optional(),
    contextHints: SourceInputSchema.shape.contextHints,
    subject: SourceInputSchema.shape.subject,
  })
  .refine((p) => Boolean(p.text?.trim()) || Boolean(p.facts?.length), {
    message: "Send a text to extract, or a list of facts",
  });

/** GET /api/subjects/forget: whom. */
export const SubjectQuerySchema = z.object({ subject: ForgetSubjectInputSchema.shape.subject });

const PlannedFact = z.object({ id: Id, content: z.string(), status: z.enum(["active", "superseded", "archived"]) });

/** What forgetting a subject would change; send `expected` back with POST /api/subjects/forget to do it. */
export const SubjectForgetPlanSchema = z
  .object({
    subject: z.string(),
    /** Facts about them: archived (active ones) or deleted. */
    facts: z.array(PlannedFact),
    /** Sources about them: deleted with their runs and candidates (delete only). */
    sources: z.array(z.object({ id: Id, title: z.string() })),
    /** Cards from those sources still waiting: rejected. */
    openCandidates: z.array(z.object({ id: Id, content: z.string() })),
    /** Facts about others quoting those sources: kept (they lose those quotes on delete). */
    shared: z.array(PlannedFact),
    expected: ForgetSubjectInputSchema.shape.expected,
  })
  .meta({ id: "SubjectForgetPlan" });

export const ForgottenSubjectSchema = z
  .object({ archived: z.int(), deleted: z.int(), sourcesDeleted: z.int(), rejected: z.int(), kept: z.int() })
  .meta({ id: "ForgottenSubject" });
