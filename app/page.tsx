import type { Metadata } from "next";
import { ApprovalChart } from "@/components/dashboard/approval-chart";
import { BacklogChart } from "@/components/dashboard/backlog-chart";
import { FirstRun } from "@/components/dashboard/first-run";
import { RecentRuns } from "@/components/dashboard/recent-runs";
import { KindTable, StatusBreakdown } from "@/components/dashboard/status-counts";
import { LearningWeeks } from "@/components/dashboard/learning-weeks";
import { SummaryTiles } from "@/components/dashboard/summary-tiles";
import { PageHeader } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { getApprovalRates, getBacklogByDay, getStatusCounts, listRecentRuns } from "@/lib/db/dashboard";
import { getCutoffSummary } from "@/lib/db/learned-cutoff";
import { getLearningSummary } from "@/lib/db/learned-models";
import { listLearningWeeks } from "@/lib/db/learning-weeks";
import { getSettings } from "@/lib/db/settings";
import { factSearch } from "@/lib/facts/query";
import { queueSearch } from "@/lib/queue/schema";
import { maskSecretsDeep } from "@/lib/secrets/mask";
import { kindOptions } from "@/lib/settings/schema";
import { requireSpacePage } from "@/app/access";
import { DEFAULT_SPACE_SLUG } from "@/lib/spaces/schema";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { viewer, space } = await requireSpacePage("read", (await searchParams).space);
  const spaceId = space.id;
  // Its links stay in the space; the default space's carry no parameter, as before spaces.
  const inSpace = space.slug === DEFAULT_SPACE_SLUG ? undefined : space.slug;
  const db = await getDb();
  const counts = await getStatusCounts({ db, spaceId });
  if (counts.sources === 0) {
    return (
      <div className="mx-auto max-w-5xl">
        <PageHeader title="Dashboard" description="The state of the fact base and the review queue." />
        <FirstRun canIngest={viewer.allows.includes("propose")} />
      </div>
    );
  }
  const [rates, backlog, runs, settings, weeks, learning] = await Promise.all([
    getApprovalRates({ db, spaceId }),
    getBacklogByDay({ db, spaceId }),
    listRecentRuns({ db, spaceId }),
    getSettings({ db, spaceId }),
    listLearningWeeks({ db, spaceId }),
    getLearningSummary({ db, spaceId }),
  ]);
  const cutoff = await getCutoffSummary({ db, spaceId, settings });
  const day = (iso: string) => new Date(iso).toLocaleDateString("en", { month: "short", day: "numeric" });
  const serving = learning.serving;
  const labels = Object.fromEntries(kindOptions(settings).map((k) => [k.id, k.label]));
  const { facts, candidates } = counts;
  const n = (x: number) => x.toLocaleString("en");
  const open = candidates.pending + candidates.gated;
  // As the approval chart counts them (each decided candidate is in one extractor's group).
  const accepted = rates.byExtractor.reduce((sum, g) => sum + g.accepted, 0);
  const decided = rates.byExtractor.reduce((sum, g) => sum + g.accepted + g.rejected, 0);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader title="Dashboard" description="The state of the fact base and the review queue." />
      <SummaryTiles
        tiles={[
          {
            label: "Active facts",
            value: facts.active.toLocaleString("en"),
            detail: `${n(facts.superseded)} superseded · ${n(facts.archived)} archived`,
            href: `/facts${factSearch({ space: inSpace })}`,
          },
          {
            label: "Awaiting review",
            value: open.toLocaleString("en"),
            detail: `${candidates.gated.toLocaleString("en")} gated for a closer look`,
            href: `/review${queueSearch({ space: inSpace })}`,
          },
          {
            label: "Approval rate",
            value: decided ? `${Math.round((accepted / decided) * 100)}%` : "—",
            detail: `${accepted.toLocaleString("en")} of ${decided.toLocaleString("en")} decided candidates`,
            href: "#approval-rate",
          },
          {
            label: "Sources",
            value: counts.sources.toLocaleString("en"),
            detail: runs[0] ? `last run ${runs[0].status}` : "no runs yet",
            href: "/sources",
          },
        ]}
      />
      <section aria-label="Counts" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <StatusBreakdown counts={counts} space={inSpace} />
        <KindTable counts={counts} labels={labels} space={inSpace} />
      </section>
      <ApprovalChart rates={rates} labels={labels} />
      <LearningWeeks
        space={inSpace}
        weeks={weeks}
        model={
          !settings.learning.enabled
            ? "Learning is switched off: the shipped confidence and Settings' cut-off serve."
            : serving
              ? `The learned confidence serves since ${day(serving.servingSince)}, ` +
                `from ${n(serving.decisions)} decisions taken since ${day(serving.since)}.`
              : null
        }
        cutoff={
          settings.learning.enabled && cutoff
            ? `Duplicate cut-off ${cutoff.learned.toFixed(2)} (Settings ${cutoff.configured.toFixed(2)}), ` +
              `learned from ${n(cutoff.pairs)} judged pairs.`
            : null
        }
      />
      <BacklogChart days={backlog} />
      <RecentRuns runs={maskSecretsDeep(runs)} />
    </div>
  );
}
