import Link from "next/link";
import { Button } from "@/components/ui/button";
import { ConfidenceRange } from "@/components/ui/confidence-range";
import { Pagination } from "@/components/ui/pagination";
import { Input } from "@/components/ui/input";
import {
  GATE_REASONS,
  QUEUE_SORTS,
  QUEUE_VERDICTS,
  queueSearch,
  type QueueFacets,
  type QueueQuery,
} from "@/lib/queue/schema";
import { cn } from "@/lib/utils";

const SORT_LABEL: Record<(typeof QUEUE_SORTS)[number], string> = {
  attention: "Needs attention first",
  confidence: "Confidence",
  importance: "Importance",
  kind: "Kind",
  source: "Source",
  time: "Newest",
};

/**
 * Tabs with their counts, and the filters as a plain GET form: every view is a URL that can be shared,
 * reloaded or bookmarked, and works before the page's script has loaded.
 */
export function QueueToolbar({
  query,
  counts,
  facets,
  kinds,
}: {
  query: QueueQuery;
  counts: { pending: number; gated: number; kind: Record<string, number>; verdict: Record<string, number> };
  facets: QueueFacets;
  kinds: Array<{ id: string; label: string }>;
}) {
  const n = (count: number) => count.toLocaleString("en");
  const tabs = [
    { status: "open", label: "All open", count: counts.pending + counts.gated },
    { status: "pending", label: "To review", count: counts.pending },
    { status: "gated", label: "Gated", count: counts.gated },
  ] as const;
  const known = new Set(kinds.map((k) => k.id));
  const kindOptions = [
    ...kinds,
    ...Object.keys(counts.kind).flatMap((id) => (known.has(id) ? [] : [{ id, label: id }])),
  ];
  return (
    <div className="mb-4 flex flex-col gap-3">
      <nav aria-label="Queue" className="flex gap-1 overflow-x-auto border-b border-border sm:gap-2">
        {tabs.map((t) => (
          <Link
            key={t.status}
            href={`/review${queueSearch({ ...query, status: t.status, page: 1 })}`}
            aria-current={query.status === t.status ? "page" : undefined}
            className={cn(
              "-mb-px shrink-0 whitespace-nowrap border-b-2 px-2 py-2 text-sm font-medium sm:px-3",
              query.status === t.status
                ? "border-primary text-primary"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {`${t.label} `}
            <span className="ml-1 rounded-full bg-muted px-1.5 text-xs">{n(t.count)}</span>
          </Link>
        ))}
      </nav>
      <form role="search" aria-label="Filter the queue" action="/review" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="status" value={query.status} />
        {query.space ? <input type="hidden" name="space" value={query.space} /> : null}
        {query.run ? <input type="hidden" name="run" value={query.run} /> : null}
        <Input
          name="q"
          defaultValue={query.q ?? ""}
          placeholder="Search content or quote…"
          aria-label="Search"
          className="w-full sm:w-56"
        />
        <select name="kind" defaultValue={query.kind ?? ""} aria-label="Kind" className="field">
          <option value="">Any kind</option>
          {kindOptions.map((k) => (
            <option key={k.id} value={k.id}>
              {`${k.label} (${n(counts.kind[k.id] ?? 0)})`}
            </option>
          ))}
        </select>
        <select name="verdict" defaultValue={query.verdict ?? ""} aria-label="Verdict" className="field">
          <option value="">Any verdict</option>
          {QUEUE_VERDICTS.map((v) => (
            <option key={v} value={v}>
              {`${v} (${n(counts.verdict[v] ?? 0)})`}
            </option>
          ))}
        </select>
        {query.status !== "pending" ? (
          <select name="gate" defaultValue={query.gate ?? ""} aria-label="Gated because" className="field">
            <option value="">Any gate reason</option>
            {Object.entries(GATE_REASONS).map(([key, reason]) => (
              <option key={key} value={key}>
                {`${reason.label} (${n(facets.gate[key as keyof typeof GATE_REASONS])})`}
              </option>
            ))}
          </select>
        ) : null}
        <select name="source" defaultValue={query.source ?? ""} aria-label="Source" className="field">
          <option value="">Any source</option>
          {facets.source.map((source) => (
            <option key={source.id} value={source.id}>
              {`${source.title} (${n(source.count)})`}
            </option>
          ))}
        </select>
        <select name="speaker" defaultValue={query.speaker ?? ""} aria-label="Speaker" className="field">
          <option value="">Anyone</option>
          {facets.speaker.map((s) => (
            <option key={s.speaker} value={s.speaker}>
              {`${s.speaker} (${n(s.count)})`}
            </option>
          ))}
        </select>
        {facets.subject.length > 0 || query.subject ? (
          <select name="subject" defaultValue={query.subject ?? ""} aria-label="About" className="field">
            <option value="">About anyone</option>
            {query.subject && !facets.subject.some((s) => s.subject === query.subject) ? (
              <option value={query.subject}>{`${query.subject} (0)`}</option>
            ) : null}
            {facets.subject.map((s) => (
              <option key={s.subject} value={s.subject}>
                {`${s.subject} (${n(s.count)})`}
              </option>
            ))}
          </select>
        ) : null}
        <ConfidenceRange min={query.min} max={query.max} />
        <select name="sort" defaultValue={query.sort} aria-label="Sort by" className="field">
          {QUEUE_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABEL[s]}
            </option>
          ))}
        </select>
        <Button type="submit" variant="outline">
          Apply
        </Button>
        {query.q ||
        query.kind ||
        query.verdict ||
        query.gate ||
        query.run ||
        query.source ||
        query.speaker ||
        query.subject ||
        query.min !== undefined ||
        query.max !== undefined ||
        query.sort !== "attention" ? (
          <Link
            href={`/review${queueSearch({ status: query.status, space: query.space })}`}
            className="link-primary px-2 text-sm"
          >
            Clear filters
          </Link>
        ) : null}
      </form>
    </div>
  );
}

/** The queue's pages: "1–50 of 1,284", previous and next. */
export function QueuePagination({ query, total }: { query: QueueQuery; total: number }) {
  return (
    <Pagination
      page={query.page}
      size={query.size}
      total={total}
      href={(page) => `/review${queueSearch({ ...query, page })}`}
    />
  );
}
