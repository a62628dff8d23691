import { z } from "zod";
import { SubjectSchema } from "@/lib/spaces/schema";
import { KindSchema, TemporalSchema } from "@/lib/extraction/schema";
import { storableLine } from "@/lib/text/storable";

export const FACT_STATUSES = ["active", "archived", "superseded"] as const;

/**
 * A fact's or candidate's version, as a client sends it back: a positive 32-bit integer like the column, so
 * a huge number is a validation error rather than a database one.
 */
export const VersionSchema = z.int32().min(1);

/**
 * Why a reviewer rejected a candidate, as the queue, the bulk bar and the API take it: stored without what
 * PostgreSQL refuses (a NUL failed the update as INTERNAL), trimmed, at most 500 characters.
 */
/** The reasons a reviewer rejects with in one key; "Private" also keeps the candidate out of every later prompt. */
export const QUICK_REJECT_REASONS = ["Not a fact", "Wrong", "Superseded", "Duplicate", "Too vague", "Private"] as const;
export const PRIVATE_REJECT_REASON: (typeof QUICK_REJECT_REASONS)[number] = "Private";

export const RejectReasonSchema = z.string().transform(storableLine).pipe(z.string().trim().max(500));

/** A fact in the fact base; the edit form, the actions and the API validate with this. */
export const FactSchema = z.object({
  content: z.string().trim().min(3, "A fact needs at least a few words").max(1_000),
  kind: KindSchema,
  confidence: z.number().min(0).max(1),
  importance: z.number().min(0).max(1),
  temporal: TemporalSchema,
  status: z.enum(FACT_STATUSES).default("active"),
  validFrom: z.coerce.date().nullable().optional(),
  validTo: z.coerce.date().nullable().optional(),
});
export type Fact = z.infer<typeof FactSchema>;

/** A reviewer's corrections to a candidate as it is approved (the queue's editor, the API's approve). */
export const ApprovalEditsSchema = FactSchema.pick({
  content: true,
  kind: true,
  temporal: true,
  importance: true,
}).partial();
export type ApprovalEdits = z.infer<typeof ApprovalEditsSchema>;

export const CANDIDATE_EVENT_ACTIONS = ["approved", "merged", "rejected", "undone"] as const;
export type CandidateEventAction = (typeof CANDIDATE_EVENT_ACTIONS)[number];

/** What a decision changed besides its candidate, as CandidateEvent.detail stores it: what an undo reverses. */
export const CandidateEventDetailSchema = z.object({
  /** Facts an approval superseded. */
  supersededFactIds: z.array(z.string()).default([]),
  /** Facts an approval linked as related. */
  relatedFactIds: z.array(z.string()).default([]),
  /** The cluster's members merged into the fact an approval made, or rejected with the head. */
  clusterIds: z.array(z.string()).default([]),
  /** The head whose approval or rejection decided this member too. */
  withHead: z.string().optional(),
  /** A merge that reworded its fact: the text before. */
  previousContent: z.string().optional(),
  /** The fact's version right after the decision: an undo refuses if the fact changed since. */
  factVersion: z.number().int().optional(),
  /** An approval with the reviewer's edits: words added plus removed in the text (0 when only the kind changed). */
  editedWords: z.number().int().nonnegative().optional(),
  /** An approval as another kind than the extractor's (the candidate's): the kind the reviewer chose. */
  approvedKind: z.string().optional(),
  /** On an "undone" event: the decision it reversed. */
  undid: z.string().optional(),
});
export type CandidateEventDetail = z.infer<typeof CandidateEventDetailSchema>;

/** A fact's attributes as a revision stores them (FactRevision.before / after). */
export const FactSnapshotSchema = z.object({
  content: z.string(),
  kind: z.string(),
  temporal: z.string(),
  importance: z.number(),
  status: z.string(),
  validTo: z.string().optional(),
});
export type FactSnapshot = z.infer<typeof FactSnapshotSchema>;

/**
 * A reviewer's answer when the text holds a credential (lib/secrets): `acknowledgeSecret` says they saw it and
 * want the fact anyway (without it the decision is refused); the fact stores it masked unless `keepSecret`.
 */
export const SecretChoiceSchema = z.object({
  acknowledgeSecret: z.boolean().optional(),
  keepSecret: z.boolean().optional(),
});
export type SecretChoice = z.infer<typeof SecretChoiceSchema>;

/** A snapshot's kind and time, when they are still valid values (a kind may have left the taxonomy). */
export const FactKindAndTimeSchema = FactSchema.pick({ kind: true, temporal: true });

/**
 * A fact a person enters by hand (the fact base's form, `POST /api/facts`): no transcript behind it, so
 * its confidence is 1 and its provenance names who entered it. `note` says where it comes from, if anyone knows.
 */
/** The reason a fact entered by hand gives its first revision; its page says "Entered" for it. */
export const MANUAL_ENTRY_REASON = "Entered by hand";

export const ManualFactInputSchema = FactSchema.pick({ content: true, kind: true, temporal: true }).extend({
  importance: FactSchema.shape.importance.default(0.5),
  note: z.string().trim().max(500).optional(),
  /** Whom the fact is about within its space (an agent's end user). */
  subject: SubjectSchema,
  ...SecretChoiceSchema.shape,
});
export type ManualFactInput = z.input<typeof ManualFactInputSchema>;

/** What moving a fact to another space does: the fact goes (same id, history and quotes), or a copy is made there. */
export const MOVE_MODES = ["move", "copy"] as const;
export type MoveMode = (typeof MOVE_MODES)[number];

/** Moving or copying a fact to another space, against the version the reviewer opened (the form and the action). */
export const MoveFactInputSchema = z.object({
  factId: z.uuid(),
  version: VersionSchema,
  /** The target space's name (slug): one the reviewer reaches and may review in. */
  space: z.string().trim().min(1, "Pick a space").max(40),
  mode: z.enum(MOVE_MODES),
});

/** Why a forgotten source's open candidates were rejected: not a reviewer's judgement of them. */
export const FORGET_REASON = "source forgotten";

/** How a source or a subject is forgotten: deleted for good, or its facts archived. */
export const FORGET_MODES = ["delete", "archive"] as const;
export type ForgetMode = (typeof FORGET_MODES)[number];

const forgetIds = z.array(z.uuid()).max(10_000);

/**
 * Forgetting a subject as previewed (lib/facts/forget-subject.ts): whom, how, and what the preview showed —
 * anything else there now and nothing changes. The form, the server action, the REST API and MCP share it.
 */
export const ForgetSubjectInputSchema = z.object({
  subject: z.string().trim().min(1, "Name the subject").max(200),
  mode: z.enum(FORGET_MODES),
  expected: z.object({ factIds: forgetIds, candidateIds: forgetIds, sourceIds: forgetIds }),
});
export type ForgetSubjectInput = z.infer<typeof ForgetSubjectInputSchema>;
