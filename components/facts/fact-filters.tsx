import Link from "next/link";
import { Button } from "@/components/ui/button";
import { ConfidenceRange } from "@/components/ui/confidence-range";
import { Input } from "@/components/ui/input";
import { FACT_SORTS, FACT_STATUSES, type FactQuery } from "@/lib/facts/query";

const SORT_LABEL: Record<FactQuery["sort"], string> = {
  relevance: "Best match",
  newest: "Newest",
  oldest: "Oldest",
  confidence: "Confidence",
  importance: "Importance",
};
const STATUS_LABEL: Record<FactQuery["status"], string> = {
  active: "Active",
  superseded: "Superseded",
  archived: "Archived",
  all: "Any status",
};

/** The fact base's search as a plain GET form: every search is a URL, and works before scripts load. */
export function FactFilters({
  query,
  kinds,
  sources,
}: {
  query: FactQuery;
  kinds: Array<{ id: string; label: string }>;
  sources: Array<{ id: string; title: string }>;
}) {
  const filtered = Object.entries(query).some(
    ([key, value]) => value !== undefined && !["status", "sort", "page", "size"].includes(key),
  );
  return (
    <form role="search" aria-label="Search facts" action="/facts" className="mb-4 flex flex-col gap-2">
      {query.space ? <input type="hidden" name="space" value={query.space} /> : null}
      <div className="flex gap-2">
        <Input name="q" defaultValue={query.q ?? ""} placeholder="Search facts…" aria-label="Search words" />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <select name="kind" defaultValue={query.kind ?? ""} aria-label="Kind" className="field">
          <option value="">Any kind</option>
          {kinds.map((k) => (
            <option key={k.id} value={k.id}>
              {k.label}
            </option>
          ))}
        </select>
        <select name="status" defaultValue={query.status} aria-label="Status" className="field">
          {FACT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
        <select name="source" defaultValue={query.source ?? ""} aria-label="Source" className="field">
          <option value="">Any source</option>
          {sources.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
        <Input
          name="speaker"
          defaultValue={query.speaker ?? ""}
          placeholder="Speaker"
          aria-label="Speaker"
          className="w-32"
        />
        <Input
          name="reviewer"
          defaultValue={query.reviewer ?? ""}
          placeholder="Reviewer"
          aria-label="Reviewer"
          className="w-32"
        />
        <label className="flex items-center gap-1">
          Approved from
          <Input name="from" type="date" defaultValue={query.from ?? ""} className="w-40" />
        </label>
        <label className="flex items-center gap-1">
          to
          <Input name="to" type="date" defaultValue={query.to ?? ""} className="w-40" />
        </label>
        <label className="flex items-center gap-1">
          True on
          <Input name="asOf" type="date" defaultValue={query.asOf ?? ""} className="w-40" />
        </label>
        <ConfidenceRange min={query.min} max={query.max} />
        <select name="sort" defaultValue={query.sort} aria-label="Sort by" className="field">
          {FACT_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABEL[s]}
            </option>
          ))}
        </select>
        {filtered ? (
          <Link href="/facts" className="px-2 text-primary underline-offset-2 hover:underline">
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}
