import type { Match } from "@/lib/review";

/** What the review queue shows for one candidate; plain data so it crosses the server/client boundary. */
export interface ReviewItem {
  id: string;
  content: string;
  kind: string;
  confidence: number;
  importance: number;
  temporal: string;
  speaker: string | null;
  quote: string;
  /** The quote was found in the source. */
  supported: boolean;
  verdict: string | null;
  verdictStage: string | null;
  /** null when the stored match data could not be read (the card says so). */
  matches: Match[] | null;
  status: string;
  gateReason: string | null;
  source: { id: string; title: string };
  extractor: string;
}

/** What a reviewer does to a candidate from the queue. */
export type ReviewAction =
  { type: "approve"; content?: string } | { type: "supersede" } | { type: "merge" } | { type: "reject" };
