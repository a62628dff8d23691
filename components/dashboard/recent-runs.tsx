import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import type { RecentRun } from "@/lib/dashboard/schema";
import { formatRunUsage } from "@/lib/format";

const TONES = { succeeded: "success", failed: "danger", interrupted: "danger" } as const;

/** The newest extraction runs: what ran, what it cost, how long it took, and the way to its source. */
export function RecentRuns({ runs }: { runs: RecentRun[] }) {
  return (
    <Card className="overflow-x-auto p-0">
      <table className="w-full text-sm">
        <caption className="px-4 pt-4 pb-2 text-left text-base font-semibold">Recent runs</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr className="border-b border-border">
            {["Source", "Extractor", "Status", "Candidates", "Tokens · cost", "Time", "Started"].map((h) => (
              <th
                key={h}
                scope="col"
                className={`px-4 py-2 font-medium ${h === "Candidates" || h === "Time" ? "text-right" : ""}`}
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {runs.map((run) => (
            <tr key={run.id} data-testid="recent-run">
              <th scope="row" className="max-w-56 truncate px-4 py-2 text-left font-medium">
                <Link href={`/sources/${run.sourceId}`} className="underline-offset-2 hover:underline">
                  {run.sourceTitle}
                </Link>
              </th>
              <td className="px-4 py-2 whitespace-nowrap">
                {run.extractor}
                {run.modelId ? ` · ${run.modelId}` : ""}
                {run.promptVersion ? (
                  <span className="block text-xs text-muted-foreground">{run.promptVersion}</span>
                ) : null}
              </td>
              <td className="px-4 py-2">
                <Badge tone={TONES[run.status as keyof typeof TONES] ?? "warning"}>{run.status}</Badge>
              </td>
              <td className="px-4 py-2 text-right tabular-nums">{run.candidates.toLocaleString("en")}</td>
              <td className="px-4 py-2 text-muted-foreground">
                {run.extractor === "offline" ? "no model" : formatRunUsage(run) || "—"}
              </td>
              <td className="px-4 py-2 text-right whitespace-nowrap tabular-nums">
                {run.durationMs != null ? `${(run.durationMs / 1000).toFixed(1)} s` : "—"}
              </td>
              <td className="px-4 py-2 whitespace-nowrap text-muted-foreground">
                {run.createdAt.toISOString().slice(0, 16).replace("T", " ")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
