import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { EmptyState, PageHeader } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { listSources } from "@/lib/db/sources";
import { requireSpacePage } from "@/app/access";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sources" };

export default async function SourcesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { space } = await requireSpacePage("read", (await searchParams).space);
  const sources = await listSources({ db: await getDb(), spaceId: space.id });
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Sources" description="Every transcript and file that was ingested, kept in full." />
      {sources.length === 0 ? (
        <EmptyState title="No sources yet">Paste or upload one on the Ingest page.</EmptyState>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-white" aria-label="Sources">
          {sources.map((s) => (
            <li key={s.id} data-testid="source" className="flex flex-wrap items-center gap-3 px-4 py-3">
              <Link href={`/sources/${s.id}`} className="font-medium underline-offset-2 hover:underline">
                {s.title}
              </Link>
              <Badge>{s.format}</Badge>
              {s.runs[0] ? (
                <Badge
                  tone={
                    s.runs[0].status === "succeeded" ? "success" : s.runs[0].status === "failed" ? "danger" : "warning"
                  }
                >
                  {s.runs[0].status}
                </Badge>
              ) : null}
              <span className="text-sm text-muted-foreground">
                {s.participants.length ? `${s.participants.join(", ")} · ` : ""}
                {s._count.provenance} fact{s._count.provenance === 1 ? "" : "s"}
              </span>
              <span className="ml-auto text-xs text-muted-foreground">
                {s.createdAt.toISOString().slice(0, 16).replace("T", " ")}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
