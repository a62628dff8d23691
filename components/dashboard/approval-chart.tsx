import { Card } from "@/components/ui/card";
import { kindLabel, wilsonInterval, type ApprovalGroup, type ApprovalRates } from "@/lib/dashboard/schema";
import { cn } from "@/lib/utils";

/** Below this many decisions a rate is drawn pale and marked "few". */
const FEW = 10;
const percent = (x: number) => `${Math.round(x * 100)}%`;

/**
 * One grouping's approval rates as a table whose cells carry the numbers as text (the chart's text
 * alternative is the table itself); the bar and its 95% range are decoration, hidden from assistive
 * technology. Widths are inline styles, which the Content Security Policy allows.
 */
function RateTable({ title, groups }: { title: string; groups: ApprovalGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <table className="w-full text-sm">
      <caption className="pb-1 text-left text-sm font-semibold">
        <span className="sr-only">Approval rate </span>
        {title}
      </caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Group</th>
          <th scope="col">Chart</th>
          <th scope="col">Approval rate</th>
          <th scope="col">Likely range (95%)</th>
          <th scope="col">Decided</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => {
          const decided = g.accepted + g.rejected;
          const rate = g.accepted / decided;
          const { low, high } = wilsonInterval(g.accepted, decided);
          const few = decided < FEW;
          return (
            <tr key={g.label}>
              <th scope="row" className="w-48 max-w-48 truncate py-1.5 pr-3 text-left font-normal" title={g.label}>
                {g.label}
              </th>
              <td className="py-1.5">
                <div aria-hidden className="relative h-3 rounded-full bg-muted">
                  <div
                    className={cn("absolute inset-y-0 left-0 rounded-full", few ? "bg-primary/35" : "bg-primary/80")}
                    style={{ width: percent(rate) }}
                  />
                  <div
                    className="absolute top-1/2 h-1 -translate-y-1/2 rounded-full bg-foreground/70"
                    style={{ left: percent(low), width: percent(high - low) }}
                  />
                </div>
              </td>
              <td className="w-14 py-1.5 pl-3 text-right font-medium tabular-nums">{percent(rate)}</td>
              <td className="w-32 py-1.5 pl-3 text-xs whitespace-nowrap text-muted-foreground tabular-nums">
                {percent(low)}–{percent(high)}
                {few ? <span className="ml-1 text-[oklch(0.45_0.12_70)]">few</span> : null}
              </td>
              <td className="w-40 py-1.5 pl-3 text-right text-xs whitespace-nowrap text-muted-foreground tabular-nums">
                {g.accepted.toLocaleString("en")} of {decided.toLocaleString("en")} approved
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Approval rate by kind, by extractor and by prompt version: how far each one's proposals are trusted. */
export function ApprovalChart({ rates, labels }: { rates: ApprovalRates; labels: Record<string, string> }) {
  const decided = rates.byExtractor.reduce((sum, g) => sum + g.accepted + g.rejected, 0);
  return (
    <Card>
      <div className="mb-4">
        <h2 id="approval-rate" className="text-base font-semibold">
          Approval rate
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Of the decided candidates, the share approved or merged; rejected ones count against. Open candidates, undone
          decisions and the rejections of a forgotten source do not count; automatic approvals and merges do. The dark
          line is the likely range (95%): the fewer decisions, the wider it is; under {FEW} decisions a bar is pale and
          marked &ldquo;few&rdquo;.
        </p>
      </div>
      {decided === 0 ? (
        <p className="rounded-md bg-muted p-4 text-sm text-muted-foreground">
          No decisions yet. Approve or reject candidates on the Review page and each extractor&apos;s rate appears here.
        </p>
      ) : (
        <div className="flex flex-col gap-5">
          <RateTable title="By kind" groups={rates.byKind.map((g) => ({ ...g, label: kindLabel(labels, g.label) }))} />
          <RateTable title="By extractor" groups={rates.byExtractor} />
          <RateTable title="By prompt version" groups={rates.byPromptVersion} />
        </div>
      )}
    </Card>
  );
}
