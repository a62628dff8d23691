import type { ApprovalEdits, SecretChoice } from "@/lib/facts/schema";
import type { QueueCard } from "@/lib/queue/candidate";

/** What the review queue shows for one card (`QueueCardSchema`, lib/queue/candidate.ts). */
export type ReviewItem = QueueCard;

/** The reviewer's corrections to a candidate before approving it. */
export type ReviewEdits = ApprovalEdits;

/** What a reviewer does to a card from the queue. */
export type ReviewAction =
  /** With `keepInvisible`, the fact keeps the invisible characters the reviewer was shown. */
  | { type: "approve"; edits?: ReviewEdits; keepInvisible?: boolean; secret?: SecretChoice }
  | { type: "supersede"; secret?: SecretChoice }
  /** With `useWording`, the fact takes this candidate's text. */
  | { type: "merge"; useWording?: boolean; secret?: SecretChoice }
  | { type: "relate"; secret?: SecretChoice }
  | { type: "reject"; reason?: string };
