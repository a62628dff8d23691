import { BacklogArea } from "@/components/dashboard/backlog-area";
import { Card } from "@/components/ui/card";
import { shortDay, type BacklogDay } from "@/lib/dashboard/schema";

/**
 * Open candidates at the end of each day: an area chart, and the same numbers in a table that screen
 * readers get instead.
 */
export function BacklogChart({ days }: { days: BacklogDay[] }) {
  const max = Math.max(0, ...days.map((d) => d.open));
  const last = days.at(-1);
  const first = days[0];
  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h2 className="text-base font-semibold">Review backlog</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Open candidates (pending or gated) at the end of each day, UTC, over the last {days.length} days.
          </p>
        </div>
        {last ? (
          <p className="text-sm">
            <span className="text-2xl font-semibold tabular-nums">{last.open.toLocaleString("en")}</span>{" "}
            <span className="text-muted-foreground">open today</span>
          </p>
        ) : null}
      </div>
      {max === 0 ? (
        <p className="rounded-md bg-muted p-4 text-sm text-muted-foreground">
          Nothing was waiting for review in the last {days.length} days.
        </p>
      ) : (
        <BacklogArea
          days={days}
          summary={
            `Open candidates per day, ${first ? shortDay(first.day) : ""} to ${last ? shortDay(last.day) : ""}: ` +
            `${first?.open ?? 0} at the start, ${last?.open ?? 0} at the end, at most ${max}.`
          }
        />
      )}
      <table className="sr-only">
        <caption>Open candidates per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Open candidates</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              <td>{d.open}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
