import Link from "next/link";
import { Card } from "@/components/ui/card";
import { spaceHref } from "@/lib/spaces/href";
import type { LearningWeek } from "@/lib/dashboard/schema";
import { shortDay } from "@/lib/dashboard/schema";

const share = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : "—");

/**
 * Whether the queue gets better as the team decides: week by week, precision at the top of each run's queue and
 * how many true and false facts the gate let through, with what the learned models learned from and the way back.
 */
export function LearningWeeks({
  weeks,
  model,
  cutoff,
  space,
}: {
  weeks: LearningWeek[];
  /** "Learned confidence from 140 decisions since Nov 3", or null when the shipped one serves. */
  model: string | null;
  cutoff: string | null;
  /** The space shown (its slug; undefined for the default space): its Settings hold its learning. */
  space?: string;
}) {
  return (
    <Card className="p-0">
      <section aria-labelledby="learning-weeks">
        <div className="px-4 pt-4 pb-2">
          <h2 id="learning-weeks" className="text-base font-semibold">
            Learning, week by week
          </h2>
          <p className="text-xs text-muted-foreground">
            {model ?? "The shipped confidence serves: no learned model has beaten it yet."}{" "}
            {cutoff ?? "The duplicate cut-off is Settings' own."} Ungated: the card had passed the gate when it was
            decided.{" "}
            <Link href={spaceHref("/settings", space)} className="underline underline-offset-2">
              Reset or switch off in Settings
            </Link>
          </p>
        </div>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Learning, week by week</caption>
            <thead className="text-left text-xs text-muted-foreground">
              <tr className="border-b border-border">
                {["Week of", "Decisions", "Top 5 accepted", "Accepted ungated", "Rejected ungated"].map((h, i) => (
                  <th key={h} scope="col" className={`px-4 py-2 font-medium ${i > 0 ? "text-right" : ""}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {weeks.length === 0 ? (
                <tr>
                  <td colSpan={5} className="px-4 py-3 text-muted-foreground">
                    No decisions in the last eight weeks.
                  </td>
                </tr>
              ) : (
                weeks.map((w) => (
                  <tr key={w.week} data-testid="learning-week">
                    <th scope="row" className="px-4 py-2 text-left font-medium whitespace-nowrap">
                      {shortDay(w.week)}
                    </th>
                    <td className="px-4 py-2 text-right tabular-nums">{w.decisions.toLocaleString("en")}</td>
                    <td className="px-4 py-2 text-right tabular-nums" title={`${w.topAccepted} of ${w.topDecided}`}>
                      {share(w.topAccepted, w.topDecided)}
                    </td>
                    <td className="px-4 py-2 text-right tabular-nums" title={`${w.acceptedUngated} of ${w.accepted}`}>
                      {share(w.acceptedUngated, w.accepted)}
                    </td>
                    <td className="px-4 py-2 text-right tabular-nums" title={`${w.rejectedUngated} of ${w.rejected}`}>
                      {share(w.rejectedUngated, w.rejected)}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </section>
    </Card>
  );
}
