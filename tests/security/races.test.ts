import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateCandidateReviews } from "@/lib/db/candidates";
import { approveAndRejudge, decideSelection, rejectAndRejudge } from "@/lib/jobs/decisions";
import { createTestDb, type TestDb } from "@/tests/db";
import { extractCandidates } from "@/tests/review/fixtures";

// The probe: approve racing reject sometimes gave neither (both 409 after a re-judging), and a bulk approve of
// 15 was dropped whole by one concurrent reject. Now there is exactly one winner, and a selection decides the
// rest and reports the card it lost (PGlite and PostgreSQL).

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

/** What an extraction run does with its candidates (tests/review/fixtures.ts). */
const extract = (texts: string[]) => extractCandidates(db.prisma, texts);

describe("decisions racing each other", () => {
  it("approve against reject, after a re-judging both missed: exactly one of them wins", async () => {
    for (let round = 0; round < 5; round++) {
      const [id] = await extract([`Round ${round}: Omar owns the status page for the ${round}th launch.`]);
      const seen = (await db.prisma.candidate.findUniqueOrThrow({ where: { id: id! } })).version;
      // Another reviewer's decision re-judged this card between the two reviewers' reads and their clicks.
      const row = await db.prisma.candidate.findUniqueOrThrow({ where: { id: id! } });
      await updateCandidateReviews({
        db: db.prisma,
        reviews: [
          {
            id: id!,
            verdict: "new",
            verdictStage: "lexical",
            matches: [],
            status: "pending",
            gateReason: row.gateReason,
          },
        ],
      });
      const outcomes = await Promise.allSettled([
        approveAndRejudge({ db: db.prisma, candidateId: id!, reviewerId: "local", expectedVersion: seen }),
        rejectAndRejudge({ db: db.prisma, candidateId: id!, reviewerId: "local", expectedVersion: seen }),
      ]);
      expect(
        outcomes.filter((o) => o.status === "fulfilled"),
        `round ${round}`,
      ).toHaveLength(1);
      const after = await db.prisma.candidate.findUniqueOrThrow({ where: { id: id! } });
      expect(["approved", "rejected"]).toContain(after.status);
    }
  });

  it("a bulk approval of 15 with one card rejected meanwhile approves the other 14 and reports the one", async () => {
    const ids = await extract([
      "Omar owns the status page.",
      "The kiosk ships on Friday.",
      "Legal reviews the retention policy.",
      "Grafana replaces Kibana for dashboards.",
      "Priya prefers Postgres for billing.",
      "The offsite is in Lisbon this year.",
      "Audit logs are kept for two years.",
      "Marcus runs the weekly incident review.",
      "The mobile app drops support for Android 9.",
      "Checkout moves to the new payment provider.",
      "Elena writes the onboarding guide.",
      "Search indexing runs every night at two.",
      "Tom handles the vendor contract renewal.",
      "Aisha leads the accessibility audit.",
      "The design system gets a dark theme.",
    ]);
    const taken = ids[7]!;
    await rejectAndRejudge({ db: db.prisma, candidateId: taken, reviewerId: "local" });
    const result = await decideSelection({ db: db.prisma, candidateIds: ids, action: "approve", reviewerId: "local" });
    expect(result.skipped.length, JSON.stringify(result.skipped)).toBe(1);
    expect(result.decided).toBe(14);
    expect(result.skipped).toEqual([
      { candidateId: taken, code: "CONFLICT", message: expect.stringContaining("already rejected") },
    ]);
    const statuses = await db.prisma.candidate.findMany({
      where: { id: { in: ids } },
      select: { id: true, status: true },
    });
    expect(statuses.filter((s) => s.status === "approved")).toHaveLength(14);
  });
});
