import { saveCandidates, type CandidateReview } from "@/lib/db/candidates";
import { createSource } from "@/lib/db/sources";
import type { Db } from "@/lib/db/types";
import type { Candidate } from "@/lib/extraction/schema";
import { reviewCandidates } from "@/lib/jobs/review-candidates";
import { contentHash } from "@/lib/matcher";
import { testRunPayload } from "@/tests/runs";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

/** What the review tests share: a supported, confident candidate; a fact; a source with a running run. */

export const candidate = (content: string, extra: Partial<Candidate> = {}): Candidate => ({
  content,
  kind: "decision",
  confidence: 0.9,
  importance: 0.5,
  temporal: "future",
  speaker: "Priya",
  quote: content,
  start: 0,
  end: content.length,
  supported: true,
  ...extra,
});

export const matchesOf = (r: Pick<CandidateReview, "matches"> | undefined) => r?.matches ?? [];

export async function addFact(db: Db, content: string, status: "active" | "archived" = "active") {
  return db.fact.create({
    data: {
      content,
      contentHash: contentHash(content),
      kind: "decision",
      confidence: 0.9,
      importance: 0.5,
      temporal: "future",
      status,
    },
  });
}

/** A pasted source and a running extraction run on it: where reviewed candidates are saved. */
export async function createSourceWithRun(db: Db, extractor = "offline"): Promise<{ sourceId: string; runId: string }> {
  const source = await createSource({
    spaceId: DEFAULT_SPACE_ID,
    db,
    source: {
      title: "Sync",
      origin: "paste",
      parsed: { format: "text", text: "Priya: notes", segments: [], participants: ["Priya"] },
    },
  });
  const run = await db.extractionRun.create({
    data: { payload: testRunPayload(), sourceId: source.id, extractor, status: "running" },
  });
  return { sourceId: source.id, runId: run.id };
}

/** What an extraction run does with its candidates, one run per call: review them, then save them with the reviews. */
export async function extractCandidates(db: Db, texts: string[]): Promise<string[]> {
  const { runId } = await createSourceWithRun(db);
  const candidates = texts.map((t) => candidate(t));
  const reviews = await reviewCandidates({ spaceId: DEFAULT_SPACE_ID, db, candidates });
  await saveCandidates({ db, runId, chunkIndex: 0, candidates, reviews });
  return reviews.map((r) => r.id as string);
}
