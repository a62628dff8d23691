import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { EARLY_KEYS_SCRIPT } from "@/components/review/early-keys";
import { QueuePagination, QueueToolbar } from "@/components/review/queue-toolbar";
import { ReviewQueue } from "@/components/review/review-queue";
import { PageHeader } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { kindDefinitions, toQueueCards } from "@/lib/db/queue-cards";
import { listQueuePage } from "@/lib/db/review-queue";
import { getSettings } from "@/lib/db/settings";
import { foldsTail, parseQueueQuery, QUEUE_FOLD_AT, queueSearch, type QueueQuery } from "@/lib/queue/schema";
import { QUEUE_VIEW_COOKIE } from "@/lib/queue/session";
import { kindOptions } from "@/lib/settings/schema";
import { requireObjectPage, requireSpacePage } from "@/app/access";
import { DEFAULT_SPACE_SLUG } from "@/lib/spaces/schema";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review" };

function emptyHint(query: QueueQuery, counts: { pending: number; gated: number }): string {
  const open = counts.pending + counts.gated;
  if (queueSearch({ ...query, status: "open", page: 1, sort: "attention", dir: undefined }) !== "") {
    return "No card matches these filters: clear them to see the whole queue.";
  }
  if (query.page > 1 && open > 0) return "This page is past the end of the queue: go back to the first page.";
  if (query.status === "gated" && counts.pending > 0) {
    return `Nothing is gated; ${counts.pending.toLocaleString("en")} candidates wait under To review.`;
  }
  if (query.status === "pending" && counts.gated > 0) {
    return `Everything left is gated: ${counts.gated.toLocaleString("en")} candidates wait under Gated.`;
  }
  return "Paste a transcript on the Ingest page to get candidates.";
}

export default async function ReviewPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const asked = parseQueueQuery(await searchParams);
  // A run's or a source's cards are of its space; otherwise the space named, or the reviewer's own when none is
  // (a space the reviewer may not reach is a missing page, not an empty queue).
  const { viewer, space } = asked.run
    ? await requireObjectPage("read", "run", asked.run)
    : asked.source
      ? await requireObjectPage("read", "source", asked.source)
      : await requireSpacePage("read", asked.space);
  // The queue's queries, facets and links follow the space found (the default space's carry no parameter).
  const query = { ...asked, space: space.slug === DEFAULT_SPACE_SLUG ? undefined : space.slug };
  // The ranked first page opens on its top cards and reads only those until the reviewer opens the tail: the
  // page, and the page every decision answers with, then carry 20 cards, not 50 (issue 28).
  const folding = foldsTail(query) && query.tail !== "open";
  const db = await getDb();
  const [page, settings] = await Promise.all([
    listQueuePage({ db, query, limit: folding ? QUEUE_FOLD_AT : undefined }),
    getSettings({ db, spaceId: space.id }),
  ]);
  // A card shows a credential masked (lib/secrets/mask.ts): content, quote, context, matches, members.
  const cards = await toQueueCards({ db, units: page.units, definitions: kindDefinitions(settings) });
  const kindList = kindOptions(settings);
  // Filters, tabs and pages start folded again.
  const links = { ...query, tail: undefined };
  const view = (await cookies()).get(QUEUE_VIEW_COOKIE)?.value === "focus" ? "focus" : "list";
  const readOnly = !viewer.allows.includes("review");
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <div className="mx-auto max-w-4xl">
      {settings.keyboardShortcuts && !readOnly ? (
        // Notes the keys pressed before the queue is interactive; the queue applies them (early-keys.ts).
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_KEYS_SCRIPT }} />
      ) : null}
      <PageHeader title="Review" description="Approve what is true and worth keeping; reject the rest." />
      <QueueToolbar
        query={links}
        counts={page.counts}
        facets={{ gate: page.gate, speaker: page.speaker, subject: page.subject, source: page.source }}
        kinds={kindList}
      />
      <QueuePagination query={links} total={page.total} />
      <ReviewQueue
        // Opening the tail keeps the pass (its tally, undo, focus): the same queue, more of it.
        key={queueSearch(links)}
        items={cards}
        kinds={kindList}
        shortcuts={settings.keyboardShortcuts}
        matching={{
          total: page.total,
          gated: query.status === "gated" ? page.total : query.status === "pending" ? 0 : page.counts.gated,
          search: queueSearch({ ...query, page: 1 }).slice(1),
        }}
        emptyTitle={page.total === 0 && query.status === "gated" ? "No gated candidates" : "Nothing to review"}
        emptyHint={emptyHint(query, page.counts)}
        offset={(query.page - 1) * query.size}
        view={view}
        readOnly={readOnly}
        // The default order is the ranking: its first page opens on the top cards, the tail folded.
        folded={folding ? Math.max(0, Math.min(query.size, page.total) - page.units.length) : 0}
        tailHref={`/review${queueSearch({ ...query, tail: "open" })}`}
      />
      {page.units.length > 0 ? <QueuePagination query={links} total={page.total} /> : null}
    </div>
  );
}
