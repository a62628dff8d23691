import { describe, expect, it } from "vitest";
import { integrityFailures, type DbCounts, type LoadTally } from "@/bench/lib/load-checks";

const tally: LoadTally = {
  approved: [
    { candidateId: "c1", factId: "f1" },
    { candidateId: "c2", factId: "f2" },
  ],
  edits: 3,
  approvePending: [],
  editsPending: 0,
};
const clean: DbCounts = {
  factsSince: 2,
  editRevisionsSince: 3,
  provenanceByCandidate: [
    { candidateId: "c1", status: "approved", rows: 1, factIds: ["f1"] },
    { candidateId: "c2", status: "approved", rows: 1, factIds: ["f2"] },
  ],
  versionMismatches: [],
};

describe("the load bench's integrity checks", () => {
  it("pass when every approval made one fact and every edit one revision", () => {
    expect(integrityFailures(tally, clean)).toEqual([]);
  });

  it("catch a doubled fact: one approval stored twice", () => {
    const doubled: DbCounts = {
      ...clean,
      factsSince: 3,
      provenanceByCandidate: [
        { candidateId: "c1", status: "approved", rows: 2, factIds: ["f1", "f3"] },
        clean.provenanceByCandidate[1]!,
      ],
    };
    expect(integrityFailures(tally, doubled)).toEqual([
      "approved candidate c1 has 2 provenance rows",
      "3 facts were created during the load, 2 approvals succeeded",
    ]);
  });

  it("catch a candidate approved twice and a lost approval", () => {
    const twice: LoadTally = { ...tally, approved: [...tally.approved, { candidateId: "c1", factId: "f9" }] };
    const failures = integrityFailures(twice, { ...clean, provenanceByCandidate: [clean.provenanceByCandidate[0]!] });
    expect(failures).toContain("candidate c1 was approved twice (two 2xx)");
    expect(failures).toContain("approved candidate c2 is not stored as approved with provenance");
  });

  it("catch a lost edit and a fact whose revisions do not match its version", () => {
    const failures = integrityFailures(tally, {
      ...clean,
      editRevisionsSince: 2,
      versionMismatches: [{ factId: "f1", version: 3, revisions: 2 }],
    });
    expect(failures).toEqual([
      "2 edit revisions were written, 3 edits succeeded (and 0 were unanswered)",
      "fact f1 is at version 3 with 2 revisions",
    ]);
  });

  it("count an approval left unanswered at the end only if its candidate was stored as decided", () => {
    const pending: LoadTally = { ...tally, approvePending: ["c3"], editsPending: 1 };
    const landed: DbCounts = {
      ...clean,
      factsSince: 3,
      editRevisionsSince: 4,
      provenanceByCandidate: [
        ...clean.provenanceByCandidate,
        { candidateId: "c3", status: "approved", rows: 1, factIds: ["f3"] },
      ],
    };
    expect(integrityFailures(pending, landed)).toEqual([]);
    expect(integrityFailures(pending, { ...clean, factsSince: 3 })).toEqual([
      "3 facts were created during the load, 2 approvals succeeded",
    ]);
  });
});
