import Link from "next/link";
import { Card } from "@/components/ui/card";
import { kindLabel, type StatusCounts } from "@/lib/dashboard/schema";
import { factSearch } from "@/lib/facts/query";
import { queueSearch } from "@/lib/queue/schema";
import { cn } from "@/lib/utils";

const count = (n: number) => n.toLocaleString("en");
const linkClass = "text-primary underline-offset-2 hover:underline";

/** One status and its count; a link into the filtered view when there is one. */
function Row({ label, value, href, tone }: { label: string; value: number; href?: string; tone: string }) {
  const content = (
    <>
      <span className="flex items-center gap-2">
        <span aria-hidden className={cn("size-2 rounded-full", tone)} />
        {label}
      </span>
      <span className="font-medium tabular-nums">{count(value)}</span>
    </>
  );
  return (
    <li>
      {href ? (
        <Link
          href={href}
          className="-mx-2 flex items-center justify-between rounded-md px-2 py-1.5 text-sm hover:bg-muted"
        >
          {content}
        </Link>
      ) : (
        <span className="-mx-2 flex items-center justify-between px-2 py-1.5 text-sm text-muted-foreground">
          {content}
        </span>
      )}
    </li>
  );
}

/**
 * Facts and candidates by status (two cards, for the caller's grid), each a way into the fact base or the
 * queue with that filter.
 */
export function StatusBreakdown({ counts, space }: { counts: StatusCounts; space?: string }) {
  const { facts, candidates } = counts;
  return (
    <>
      <Card>
        <h3 className="mb-2 text-sm font-semibold">Facts by status</h3>
        <ul aria-label="Facts by status">
          <Row label="Active" value={facts.active} href={`/facts${factSearch({ space })}`} tone="bg-success" />
          <Row
            label="Superseded"
            value={facts.superseded}
            href={`/facts${factSearch({ status: "superseded", space })}`}
            tone="bg-warning"
          />
          <Row
            label="Archived"
            value={facts.archived}
            href={`/facts${factSearch({ status: "archived", space })}`}
            tone="bg-muted-foreground"
          />
        </ul>
      </Card>
      <Card>
        <h3 className="mb-2 text-sm font-semibold">Candidates by status</h3>
        <ul aria-label="Candidates by status">
          <Row
            label="Pending"
            value={candidates.pending}
            href={`/review${queueSearch({ status: "pending", space })}`}
            tone="bg-primary"
          />
          <Row
            label="Gated"
            value={candidates.gated}
            href={`/review${queueSearch({ status: "gated", space })}`}
            tone="bg-warning"
          />
          {/* The queue lists open candidates only: decided ones have no view to link to; their facts do. */}
          <Row label="Approved" value={candidates.approved} tone="bg-success" />
          <Row label="Merged" value={candidates.merged} tone="bg-success/60" />
          <Row label="Rejected" value={candidates.rejected} tone="bg-danger" />
        </ul>
      </Card>
    </>
  );
}

/** Active facts and open candidates of each kind, each count a link to that kind's facts or queue. */
export function KindTable({
  counts,
  labels,
  space,
}: {
  counts: StatusCounts;
  labels: Record<string, string>;
  /** The dashboard's space (slug), carried onto its links; absent for the default space. */
  space?: string;
}) {
  if (counts.kinds.length === 0) return null;
  return (
    <Card className="p-0">
      <table className="w-full text-sm">
        <caption className="px-4 pt-4 pb-2 text-left text-sm font-semibold">By kind</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr className="border-b border-border">
            <th scope="col" className="px-4 py-2 font-medium">
              Kind
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium whitespace-nowrap">
              Active facts
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium whitespace-nowrap">
              In review
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {counts.kinds.map((k) => {
            const label = kindLabel(labels, k.kind);
            return (
              <tr key={k.kind}>
                <th scope="row" className="px-4 py-2 text-left font-medium">
                  {label}
                </th>
                <td className="px-4 py-2 text-right tabular-nums">
                  <Link
                    className={linkClass}
                    href={`/facts${factSearch({ kind: k.kind, space })}`}
                    aria-label={`${count(k.activeFacts)} active ${label} facts`}
                  >
                    {count(k.activeFacts)}
                  </Link>
                </td>
                <td className="px-4 py-2 text-right tabular-nums">
                  <Link
                    className={linkClass}
                    href={`/review${queueSearch({ kind: k.kind, space })}`}
                    aria-label={`${count(k.openCandidates)} open ${label} candidates`}
                  >
                    {count(k.openCandidates)}
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
