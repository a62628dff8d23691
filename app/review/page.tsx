import type { Metadata } from "next";
import Link from "next/link";
import { ReviewQueue } from "@/components/review/review-queue";
import type { ReviewItem } from "@/components/review/types";
import { PageHeader } from "@/components/ui/card";
import { countCandidatesByStatus, listReviewQueue, type QueueCandidate } from "@/lib/db/candidates";
import { getDb } from "@/lib/db/client";
import { cn } from "@/lib/utils";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review" };

function toReviewItem(c: QueueCandidate): ReviewItem {
  return {
    id: c.id,
    content: c.content,
    kind: c.kind,
    confidence: c.confidence,
    importance: c.importance,
    temporal: c.temporal,
    speaker: c.speaker,
    quote: c.quote,
    supported: c.supported,
    verdict: c.verdict,
    verdictStage: c.verdictStage,
    matches: c.matches,
    status: c.status,
    gateReason: c.gateReason,
    source: c.run.source,
    extractor: c.run.extractor,
  };
}

export default async function ReviewPage({
  searchParams,
}: {
  searchParams: Promise<{ status?: string; run?: string }>;
}) {
  const { status, run } = await searchParams;
  const tab = status === "gated" ? "gated" : "pending";
  const db = await getDb();
  const [items, counts] = await Promise.all([
    listReviewQueue({ db, statuses: [tab], runId: run }),
    countCandidatesByStatus({ db }),
  ]);
  const tabs = [
    { id: "pending", label: "To review", count: counts.pending },
    { id: "gated", label: "Gated", count: counts.gated },
  ] as const;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Review" description="Approve what is true and worth keeping; reject the rest." />
      <nav aria-label="Queue" className="mb-4 flex gap-2 border-b border-border">
        {tabs.map((t) => (
          <Link
            key={t.id}
            href={t.id === "pending" ? "/review" : "/review?status=gated"}
            aria-current={tab === t.id ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
              tab === t.id
                ? "border-primary text-primary"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {t.label} <span className="ml-1 rounded-full bg-muted px-1.5 text-xs">{t.count}</span>
          </Link>
        ))}
      </nav>
      <ReviewQueue
        key={`${tab}-${run ?? ""}`}
        items={items.map(toReviewItem)}
        emptyTitle={tab === "gated" ? "No gated candidates" : "Nothing to review"}
      />
    </div>
  );
}
