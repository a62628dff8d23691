/**
 * The load bench's proof that nothing was lost or doubled: counts read from the database after the run,
 * compared with what the clients were told. Pure, so a crafted case (tests/bench-load-checks.test.ts) shows
 * each check fails when it should.
 */

/** What the clients saw during the load: every 2xx approve (candidate → fact) and the number of 2xx edits. */
export interface LoadTally {
  approved: { candidateId: string; factId: string }[];
  edits: number;
  /** Approvals sent but unanswered when the time ran out (their candidates): each may or may not have landed. */
  approvePending: string[];
  /** Edits sent but unanswered when the time ran out. */
  editsPending: number;
}

/** Read from the database after the server stopped; `since` rows are those created during the load. */
export interface DbCounts {
  /** Facts created during the load. */
  factsSince: number;
  /** Edit revisions written during the load. */
  editRevisionsSince: number;
  /** Provenance rows per candidate, for candidates approved or merged (status) — any run. */
  provenanceByCandidate: { candidateId: string; status: string; rows: number; factIds: string[] }[];
  /** Facts whose revision count differs from their version. */
  versionMismatches: { factId: string; version: number; revisions: number }[];
}

export function integrityFailures(tally: LoadTally, db: DbCounts): string[] {
  const failures: string[] = [];
  const byCandidate = new Map(db.provenanceByCandidate.map((p) => [p.candidateId, p]));
  const seenCandidates = new Set<string>();
  const seenFacts = new Set<string>();
  for (const { candidateId, factId } of tally.approved) {
    if (seenCandidates.has(candidateId)) failures.push(`candidate ${candidateId} was approved twice (two 2xx)`);
    if (seenFacts.has(factId)) failures.push(`fact ${factId} was returned by two approvals`);
    seenCandidates.add(candidateId);
    seenFacts.add(factId);
    const stored = byCandidate.get(candidateId);
    if (!stored) failures.push(`approved candidate ${candidateId} is not stored as approved with provenance`);
    else if (!stored.factIds.includes(factId)) failures.push(`candidate ${candidateId} does not lead to ${factId}`);
  }
  for (const p of db.provenanceByCandidate) {
    if (p.rows !== 1) failures.push(`${p.status} candidate ${p.candidateId} has ${p.rows} provenance rows`);
  }
  // An unanswered approval counts only if its candidate is stored as decided (then it must hold one fact too).
  const landed = new Set(tally.approvePending.filter((id) => byCandidate.has(id) && !seenCandidates.has(id))).size;
  if (db.factsSince !== tally.approved.length + landed) {
    failures.push(
      `${db.factsSince} facts were created during the load, ${tally.approved.length} approvals succeeded` +
        (landed ? ` and ${landed} unanswered ones landed` : ""),
    );
  }
  if (db.editRevisionsSince < tally.edits || db.editRevisionsSince > tally.edits + tally.editsPending) {
    failures.push(
      `${db.editRevisionsSince} edit revisions were written, ${tally.edits} edits succeeded` +
        ` (and ${tally.editsPending} were unanswered)`,
    );
  }
  for (const m of db.versionMismatches) {
    failures.push(`fact ${m.factId} is at version ${m.version} with ${m.revisions} revisions`);
  }
  return failures;
}
