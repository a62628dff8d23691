import type { Metadata } from "next";
import Link from "next/link";
import { Plus } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState, PageHeader } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { searchFacts } from "@/lib/db/fact-search";
import { countFacts } from "@/lib/db/facts";
import { getSettings } from "@/lib/db/settings";
import { listSources } from "@/lib/db/sources";
import { factSearch, parseFactQuery } from "@/lib/facts/query";
import { kindOptions } from "@/lib/settings/schema";
import { FactFilters } from "@/components/facts/fact-filters";
import { Pagination } from "@/components/ui/pagination";
import { requireSpacePage } from "@/app/access";
import { spaceHref } from "@/lib/spaces/href";

export const dynamic = "force-dynamic";

const EXPORT_LINKS = [
  ["json", "JSON"],
  ["jsonl", "JSON Lines"],
  ["csv", "CSV"],
  ["md", "Markdown"],
] as const;
export const metadata: Metadata = { title: "Facts" };

export default async function FactsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = parseFactQuery(await searchParams);
  const { space } = await requireSpacePage("read", query.space);
  const db = await getDb();
  const [{ facts, total, closeSpellings, spelledAs }, active, settings, sources] = await Promise.all([
    searchFacts({ db, spaceId: space.id, query }),
    countFacts({ db, spaceId: space.id }),
    getSettings({ db, spaceId: space.id }),
    listSources({ db, spaceId: space.id, take: 200 }),
  ]);
  const kinds = kindOptions(settings);
  const q = query.q;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Facts"
        description={`${active.toLocaleString("en")} active fact${active === 1 ? "" : "s"}, each with its sources.`}
      >
        <Button asChild variant="ghost">
          <Link href={spaceHref("/subjects", query.space)}>Subjects</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={spaceHref("/facts/new", query.space)}>
            <Plus aria-hidden /> New fact
          </Link>
        </Button>
      </PageHeader>
      <FactFilters query={query} kinds={kinds} sources={sources} />
      {query.subject ? (
        <p role="note" className="mb-2 text-sm text-muted-foreground">
          Facts about <span className="font-medium text-foreground">{query.subject}</span> ·{" "}
          <Link
            className="text-primary hover:underline"
            href={`/facts${factSearch({ ...query, subject: undefined, page: 1 })}`}
          >
            everyone
          </Link>{" "}
          ·{" "}
          <Link
            className="text-primary hover:underline"
            href={`/subjects/forget${factSearch({ space: query.space, subject: query.subject })}`}
          >
            forget {query.subject}…
          </Link>
        </p>
      ) : null}
      <p className="mb-2 flex flex-wrap gap-3 text-sm text-muted-foreground" aria-label="Export">
        Export {total.toLocaleString("en")} fact{total === 1 ? "" : "s"}:
        {EXPORT_LINKS.map(([format, label]) => {
          const search = factSearch({ ...query, page: 1 });
          return (
            <a
              key={format}
              className="text-primary underline-offset-2 hover:underline"
              href={`/facts/export${search ? `${search}&` : "?"}format=${format}`}
              download
            >
              {label}
            </a>
          );
        })}
      </p>
      {spelledAs && total > 0 ? (
        <p role="note" className="mb-2 text-sm text-muted-foreground">
          Showing results for <span className="font-medium text-foreground">“{spelledAs}”</span>: no fact has “{q}”.
        </p>
      ) : closeSpellings && total > 0 ? (
        <p role="note" className="mb-2 text-sm text-muted-foreground">
          No fact has exactly these words; these are close spellings of them.
        </p>
      ) : null}
      <Pagination
        page={query.page}
        size={query.size}
        total={total}
        href={(page) => `/facts${factSearch({ ...query, page })}`}
      />
      {facts.length === 0 ? (
        <EmptyState title={q ? `No facts match “${q}”` : active > 0 ? "No facts match these filters" : "No facts yet"}>
          {q || active > 0
            ? "Try other words or fewer filters."
            : "Approve candidates on the Review page and they appear here."}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Facts">
          {facts.map((fact) => (
            <li key={fact.id} data-testid="fact" className="rounded-lg border border-border bg-white p-4 shadow-xs">
              <div className="flex flex-wrap items-center gap-2 text-xs">
                <Badge tone="primary">{fact.kind.replace(/_/g, " ")}</Badge>
                <Badge>{fact.temporal}</Badge>
                {fact.subject ? (
                  <Link
                    className="text-muted-foreground underline-offset-2 hover:underline"
                    href={`/facts${factSearch({ space: query.space, subject: fact.subject })}`}
                  >
                    about {fact.subject}
                  </Link>
                ) : null}
                <span className="text-muted-foreground">v{fact.version}</span>
                <span className="ml-auto text-muted-foreground">{fact.createdAt.toISOString().slice(0, 10)}</span>
              </div>
              <p className="mt-2 text-base">
                <Link href={`/facts/${fact.id}`} className="hover:underline">
                  {fact.content}
                </Link>
              </p>
              <ul className="mt-2 flex flex-col gap-1 text-sm text-muted-foreground">
                {fact.provenance.map((p) => (
                  <li key={p.id}>
                    Source:{" "}
                    {p.source ? (
                      <Link
                        className="font-medium text-foreground underline-offset-2 hover:underline"
                        href={`/sources/${p.source.id}`}
                      >
                        {p.source.title}
                      </Link>
                    ) : p.sourceId ? (
                      "a source in another space"
                    ) : (
                      "deleted source"
                    )}
                    {p.speaker ? ` · ${p.speaker}` : ""}
                    {p.quote ? <span className="block italic">“{p.quote}”</span> : null}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {facts.length > 0 ? (
        <Pagination
          page={query.page}
          size={query.size}
          total={total}
          href={(page) => `/facts${factSearch({ ...query, page })}`}
        />
      ) : null}
    </div>
  );
}
