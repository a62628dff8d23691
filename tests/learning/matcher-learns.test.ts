import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getServingCutoff } from "@/lib/db/learned-cutoff";
import { approveAndRejudge } from "@/lib/jobs/decisions";
import { executeExtractionRun } from "@/lib/jobs/extraction";
import { resetLearning } from "@/lib/jobs/learning";
import { MAX_MOVE } from "@/lib/learning/threshold";
import { DEFAULT_THRESHOLDS } from "@/lib/matcher/thresholds";
import { MatchesSchema } from "@/lib/matcher/schema";
import { createTestDb, type TestDb } from "@/tests/db";
import { createPastedRun } from "@/tests/runs";

// A team for whom "The portal migration is Dana's project" is not the same fact as "Dana owns the portal
// migration": the matcher calls such a pair a duplicate (its score just over the shipped cut-off); the reviewers
// keep each apart. After enough of those the team's cut-off rises, the open cards of that kind are judged again,
// the next run calls such a pair related, and reset puts the shipped cut-off back.

const PAIRS: [string, string, string][] = [
  ["Dana", "portal migration"],
  ["Omar", "billing cleanup"],
  ["Lena", "search redesign"],
  ["Ravi", "kiosk rollout"],
  ["Mia", "travel policy"],
  ["Chen", "hiring plan"],
  ["Ada", "pricing page"],
  ["Sam", "onboarding survey"],
  ["Kai", "retention rule"],
  ["Zoe", "support rota"],
  ["Eli", "launch checklist"],
  ["Noor", "audit report"],
  ["Ivan", "vendor contract"],
].map(([who, what]) => [what!, `Priya: ${who} owns the ${what}.`, `Marcus: The ${what} is ${who}'s project.`]);
const THINGS = PAIRS.slice(0, 11);
const LATER = PAIRS.slice(11);
const fact = ([, said]: [string, string, string]) => said;
const reworded = ([, , again]: [string, string, string]) => again;

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

async function run(text: string, title: string) {
  const { run } = await createPastedRun({ db: db.prisma, text, title });
  await executeExtractionRun({ db: db.prisma, runId: run.id, standalone: true });
  return db.prisma.candidate.findMany({ where: { runId: run.id }, orderBy: { start: "asc" } });
}
/** What the card says of the pair with its own thing's fact. */
const verdictWith = (c: { matches: unknown }, [what]: [string, string, string]) =>
  MatchesSchema.parse(c.matches).find((m) => m.factId && m.content.includes(`owns the ${what}`))?.verdict;

describe("the matcher learns from its reviewers", () => {
  it("'not the same' on suggested duplicates raises the team's cut-off, within bounds; reset restores it", async () => {
    const reviewer = await db.prisma.reviewer.create({ data: { name: "Rita" } });
    const approve = (candidateId: string) => approveAndRejudge({ db: db.prisma, candidateId, reviewerId: reviewer.id });
    for (const c of await run([...THINGS, ...LATER].map(fact).join("\n"), "Owners")) await approve(c.id);

    // One card stays open from the start: it is judged again when the cut-off moves.
    const [open] = await run(reworded(LATER[0]!), "Early question");
    expect(verdictWith(open!, LATER[0]!)).toBe("duplicate");

    // One meeting each, so each card is compared with the fact base, not with its neighbours in the same run.
    let shownAsDuplicate = 0;
    for (const thing of THINGS) {
      const [c] = await run(reworded(thing), `Sync: ${thing[0]}`);
      if (verdictWith(c!, thing) === "duplicate") shownAsDuplicate++;
      await approve(c!.id); // approved as a fact of its own: not the same
    }
    expect(shownAsDuplicate).toBeGreaterThanOrEqual(9);
    const cutoff = await getServingCutoff({ db: db.prisma, spaceId: "default" });
    expect(cutoff, "enough judged pairs to serve a learned cut-off").not.toBeNull();
    expect(cutoff!.shift).toBeLessThan(0);
    expect(cutoff!.keptApart).toBeGreaterThanOrEqual(6);

    const reopened = await db.prisma.candidate.findUniqueOrThrow({ where: { id: open!.id } });
    expect(verdictWith(reopened, LATER[0]!)).toBe("related");
    const [next] = await run(reworded(LATER[1]!), "Next sync");
    expect(verdictWith(next!, LATER[1]!)).toBe("related");
    // Bounded: the run's thresholds moved up, never more than MAX_MOVE.
    const payload = (await db.prisma.extractionRun.findUniqueOrThrow({ where: { id: next!.runId } })).payload as {
      settings: { thresholds: { duplicate: number } };
    };
    expect(payload.settings.thresholds.duplicate).toBeGreaterThan(DEFAULT_THRESHOLDS.duplicate);
    expect(payload.settings.thresholds.duplicate).toBeLessThanOrEqual(DEFAULT_THRESHOLDS.duplicate + MAX_MOVE + 1e-9);

    await resetLearning({ db: db.prisma, spaceId: "default" });
    expect(await getServingCutoff({ db: db.prisma, spaceId: "default" })).toBeNull();
    const back = await db.prisma.candidate.findUniqueOrThrow({ where: { id: next!.id } });
    expect(verdictWith(back, LATER[1]!)).toBe("duplicate");
  });
});
