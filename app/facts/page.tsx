import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState, PageHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { getDb } from "@/lib/db/client";
import { countFacts, listFacts } from "@/lib/db/facts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Facts" };

export default async function FactsPage({ searchParams }: { searchParams: Promise<{ q?: string }> }) {
  const { q } = await searchParams;
  const db = await getDb();
  const [facts, total] = await Promise.all([listFacts({ db, query: q }), countFacts({ db })]);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Facts"
        description={`${total} approved fact${total === 1 ? "" : "s"}, each with where it came from.`}
      />
      <form role="search" className="mb-4 flex gap-2" action="/facts">
        <Input name="q" defaultValue={q ?? ""} placeholder="Search facts…" aria-label="Search facts" />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      {facts.length === 0 ? (
        <EmptyState title={q ? `No facts match “${q}”` : "No facts yet"}>
          {q ? "Try other words." : "Approve candidates on the Review page and they appear here."}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Facts">
          {facts.map((fact) => (
            <li key={fact.id} data-testid="fact" className="rounded-lg border border-border bg-white p-4 shadow-xs">
              <div className="flex flex-wrap items-center gap-2 text-xs">
                <Badge tone="primary">{fact.kind.replace(/_/g, " ")}</Badge>
                <Badge>{fact.temporal}</Badge>
                <span className="text-muted-foreground">v{fact.version}</span>
                <span className="ml-auto text-muted-foreground">{fact.createdAt.toISOString().slice(0, 10)}</span>
              </div>
              <p className="mt-2 text-base">{fact.content}</p>
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
    </div>
  );
}
