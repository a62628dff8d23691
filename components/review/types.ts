/** What the review queue shows for one candidate; plain data so it crosses the server/client boundary. */
export interface ReviewMatch {
  factId?: string;
  candidateId?: string;
  content: string;
  score: number;
  verdict?: string;
  stage?: string;
  reason?: string;
}

export interface ReviewItem {
  id: string;
  content: string;
  kind: string;
  confidence: number;
  importance: number;
  temporal: string;
  speaker: string | null;
  quote: string;
  grounded: boolean;
  verdict: string | null;
  verdictStage: string | null;
  matches: ReviewMatch[];
  status: string;
  gateReason: string | null;
  source: { id: string; title: string };
  extractor: string;
}
