import { z } from "zod";
import {
  ApiFactDetailSchema,
  ApiFactSchema,
  ApiRunSchema,
  ApproveBodySchema,
  CandidateListQuerySchema,
  CandidatePageSchema,
  DecisionSchema,
  FactEditSchema,
  FactListQuerySchema,
  FactPageSchema,
  RejectBodySchema,
  SourceJsonSchema,
  SourceUploadSchema,
  StartedRunSchema,
  ForgottenSubjectSchema,
  SubjectForgetPlanSchema,
  SubjectQuerySchema,
} from "@/lib/api/schemas";
import type { Permission } from "@/lib/accounts/schema";
import type { ErrorCode } from "@/lib/errors";
import { ForgetSubjectInputSchema, ManualFactInputSchema } from "@/lib/facts/schema";

/**
 * Every REST operation once: its path, inputs and response, as zod schemas. The route wrapper
 * (lib/api/route.ts) parses requests with them and the OpenAPI document (lib/api/openapi.ts) is made from
 * them, so the document cannot drift from what the handlers accept.
 */
export interface Operation {
  method: "get" | "post" | "patch";
  /** OpenAPI form: /api/facts/{id} */
  path: string;
  operationId: string;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Requires `If-Match: <version>` (428 without it); the handler gets the number. */
  ifMatch?: boolean;
  /** An application/json body. */
  json?: z.ZodType;
  /** Also accepts multipart/form-data with these fields (a file upload). */
  multipart?: z.ZodType;
  status: 200 | 201 | 202;
  response: z.ZodType;
  /** The answer is a versioned thing: its version goes out as `ETag: "<version>"`, the value If-Match takes. */
  etag?: boolean;
  /**
   * What the path's `{id}` names: the wrapper answers 404 unless it belongs to the request's space (the
   * `space` parameter every operation takes, lib/spaces/resolve.ts), before the handler runs.
   */
  owner?: "fact" | "candidate" | "run";
  /** What the caller's role or token scopes must allow (lib/accounts/schema.ts); 403 FORBIDDEN otherwise. */
  need: Permission;
  /**
   * Errors this operation answers besides UNAUTHORIZED, FORBIDDEN, RATE_LIMITED and INTERNAL, which any may
   * (and VALIDATION and TOO_LARGE, which any with a body may).
   */
  errors: ErrorCode[];
}

const IdParams = z.object({ id: z.uuid() });

const define = <const O extends Operation>(operation: O) => operation;

export const operations = {
  listFacts: define({
    method: "get",
    path: "/api/facts",
    operationId: "listFacts",
    need: "read",
    summary: "Search the fact base: words (ranked, close spellings for typos), filters, what was true as of a day",
    query: FactListQuerySchema,
    status: 200,
    response: FactPageSchema,
    errors: ["VALIDATION"],
  }),
  getFact: define({
    method: "get",
    path: "/api/facts/{id}",
    operationId: "getFact",
    need: "read",
    summary: "A fact with its provenance, relations and every revision",
    params: IdParams,
    owner: "fact",
    etag: true,
    status: 200,
    response: ApiFactDetailSchema,
    errors: ["NOT_FOUND"],
  }),
  createFact: define({
    method: "post",
    path: "/api/facts",
    operationId: "createFact",
    need: "review",
    summary: "Enter a fact by hand (origin manual, confidence 1.0, provenance 'entered by' the reviewer)",
    json: ManualFactInputSchema,
    etag: true,
    status: 201,
    response: ApiFactSchema,
    errors: ["VALIDATION", "CONFLICT"],
  }),
  editFact: define({
    method: "patch",
    path: "/api/facts/{id}",
    operationId: "editFact",
    need: "review",
    summary: "Edit a fact against the version you read (If-Match); a newer version refuses the edit (409)",
    params: IdParams,
    owner: "fact",
    ifMatch: true,
    json: FactEditSchema,
    etag: true,
    status: 200,
    response: ApiFactSchema,
    errors: ["VALIDATION", "NOT_FOUND", "CONFLICT", "PRECONDITION_REQUIRED"],
  }),
  startSource: define({
    method: "post",
    path: "/api/sources",
    operationId: "startSource",
    need: "propose",
    summary: "Add a transcript (JSON text or a multipart file) and start its extraction; returns the run",
    json: SourceJsonSchema,
    multipart: SourceUploadSchema,
    status: 202,
    response: StartedRunSchema,
    errors: ["VALIDATION", "CONFLICT", "TOO_LARGE", "UNSUPPORTED_FILE", "CONFIG"],
  }),
  getRun: define({
    method: "get",
    path: "/api/runs/{id}",
    operationId: "getRun",
    need: "read",
    summary: "An extraction run's progress: status, chunks, candidates saved, tokens and cost",
    params: IdParams,
    owner: "run",
    status: 200,
    response: ApiRunSchema,
    errors: ["NOT_FOUND"],
  }),
  listCandidates: define({
    method: "get",
    path: "/api/candidates",
    operationId: "listCandidates",
    need: "read",
    summary: "Candidates, newest first or by the queue's rank (status open = waiting for a reviewer)",
    query: CandidateListQuerySchema,
    status: 200,
    response: CandidatePageSchema,
    errors: ["VALIDATION"],
  }),
  approveCandidate: define({
    method: "post",
    path: "/api/candidates/{id}/approve",
    operationId: "approveCandidate",
    need: "review",
    summary: "Approve a candidate as a fact (with the candidate's version you read)",
    params: IdParams,
    owner: "candidate",
    json: ApproveBodySchema,
    status: 200,
    response: DecisionSchema,
    errors: ["VALIDATION", "NOT_FOUND", "CONFLICT"],
  }),
  rejectCandidate: define({
    method: "post",
    path: "/api/candidates/{id}/reject",
    operationId: "rejectCandidate",
    need: "review",
    summary: "Reject a candidate (with the candidate's version you read)",
    params: IdParams,
    owner: "candidate",
    json: RejectBodySchema,
    status: 200,
    response: DecisionSchema,
    errors: ["VALIDATION", "NOT_FOUND", "CONFLICT"],
  }),
  previewForgetSubject: define({
    method: "get",
    path: "/api/subjects/forget",
    operationId: "previewForgetSubject",
    need: "review",
    summary: "What forgetting a subject would change: their facts, sources, waiting cards (nothing changes yet)",
    query: SubjectQuerySchema,
    status: 200,
    response: SubjectForgetPlanSchema,
    errors: ["VALIDATION"],
  }),
  forgetSubject: define({
    method: "post",
    path: "/api/subjects/forget",
    operationId: "forgetSubject",
    need: "review",
    summary: "Forget everything about a subject as previewed (send the preview's expected); 409 if it changed",
    json: ForgetSubjectInputSchema,
    status: 200,
    response: ForgottenSubjectSchema,
    errors: ["VALIDATION", "NOT_FOUND", "CONFLICT"],
  }),
} satisfies Record<string, Operation>;
