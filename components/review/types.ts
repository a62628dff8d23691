import type { SecretChoice } from "@/lib/facts/schema";
import type { Match } from "@/lib/matcher";

/** A candidate in the same cluster as a card's: it says the same thing, from another place. */
export interface ReviewMember {
  id: string;
  content: string;
  speaker: string | null;
  quote: string;
  source: { id: string; title: string };
}

/** What the review queue shows for one card; plain data so it crosses the server/client boundary. */
export interface ReviewItem {
  id: string;
  content: string;
  kind: string;
  /** The kind's one-line definition, shown on hover; null for a kind no preset defines any more. */
  kindDefinition: string | null;
  confidence: number;
  importance: number;
  temporal: string;
  speaker: string | null;
  quote: string;
  /** The quote was found in the source. */
  supported: boolean;
  /** Where the quote starts in the source text (UTF-16 offset), when it was found. */
  start: number | null;
  /** The transcript around the quote, and the time it was said, when known. */
  /** `quote`: what the quote reads as, when the stored one keeps its source's markup (subtitles, chat JSON). */
  context: { before: string; after: string; startMs: number | null; quote?: string } | null;
  verdict: string | null;
  verdictStage: string | null;
  /** null when the stored match data could not be read (the card says so). */
  matches: Match[] | null;
  status: string;
  gateReason: string | null;
  source: { id: string; title: string; createdAt: string };
  /** For each matched fact, the source it first came from. */
  factSources: Record<string, { id: string; title: string }>;
  extractor: string;
  /** The open candidates that repeat this one; approving or rejecting the card decides them too. */
  members: ReviewMember[];
}

/** The reviewer's corrections to a candidate before approving it. */
export interface ReviewEdits {
  content?: string;
  kind?: string;
  importance?: number;
  temporal?: "past" | "present" | "future" | "timeless";
}

/** What a reviewer does to a card from the queue. */
export type ReviewAction =
  /** With `keepInvisible`, the fact keeps the invisible characters the reviewer was shown. */
  | { type: "approve"; edits?: ReviewEdits; keepInvisible?: boolean; secret?: SecretChoice }
  | { type: "supersede"; secret?: SecretChoice }
  /** With `useWording`, the fact takes this candidate's text. */
  | { type: "merge"; useWording?: boolean; secret?: SecretChoice }
  | { type: "relate"; secret?: SecretChoice }
  | { type: "reject"; reason?: string };
