import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { UndoButton } from "@/components/review/undo-button";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { listCandidateHistory, type CandidateHistoryEvent } from "@/lib/db/candidate-events";
import { getCandidate } from "@/lib/db/candidates";
import { getDb } from "@/lib/db/client";
import { getQuoteContexts } from "@/lib/db/quote-contexts";
import { maskSecrets } from "@/lib/secrets/mask";
import { requireObjectPage } from "@/app/access";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Candidate" };

const ACTION_LABEL: Record<string, string> = {
  approved: "Approved",
  merged: "Merged into a fact",
  rejected: "Rejected",
  undone: "Undone",
};

function describe(event: CandidateHistoryEvent): string {
  const d = event.detail;
  const parts = [
    d.clusterIds.length > 0
      ? `with ${d.clusterIds.length} similar candidate${d.clusterIds.length === 1 ? "" : "s"}`
      : "",
    d.withHead ? "with the candidate it repeated" : "",
    d.supersededFactIds.length > 0 ? `superseding ${d.supersededFactIds.length} fact(s)` : "",
    d.relatedFactIds.length > 0 ? `related to ${d.relatedFactIds.length} fact(s)` : "",
    d.previousContent ? "with its wording" : "",
  ];
  return parts.filter(Boolean).join(", ");
}

/** A candidate, where it came from, and everything done to it; its last decision can be undone here. */
export default async function CandidatePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) notFound();
  const canReview = (await requireObjectPage("read", "candidate", id)).viewer.allows.includes("review");
  const db = await getDb();
  const candidate = await getCandidate({ db, candidateId: id });
  if (!candidate) notFound();
  const [history, contexts] = await Promise.all([
    listCandidateHistory({ db, candidateId: id }),
    getQuoteContexts({ db, candidateIds: [id] }),
  ]);
  // A subtitle or chat quote is the file's own text, markup included: shown as it reads.
  // Shown through the secret mask, like every card.
  const quote = maskSecrets(contexts.get(id)?.quote ?? candidate.quote);
  const last = history.at(-1);
  const undoable = last !== undefined && last.action !== "undone";
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Candidate" description={`From ${candidate.run.source.title}`} />
      <Card className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <Badge tone="primary">{candidate.kind.replace(/_/g, " ")}</Badge>
          <Badge
            tone={candidate.status === "rejected" ? "danger" : candidate.status === "gated" ? "warning" : "neutral"}
          >
            {candidate.status}
          </Badge>
          {candidate.speaker ? <span className="text-muted-foreground">said by {candidate.speaker}</span> : null}
        </div>
        <p className="text-base">{maskSecrets(candidate.content)}</p>
        <blockquote className="border-l-2 border-border pl-3 text-sm text-muted-foreground">“{quote}”</blockquote>
        <p className="text-sm">
          <Link
            className="text-primary underline-offset-2 hover:underline"
            href={`/sources/${candidate.run.source.id}`}
          >
            Open {candidate.run.source.title}
          </Link>
        </p>
      </Card>
      <h2 className="mb-2 mt-6 text-lg font-semibold">History</h2>
      {history.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing decided yet: it is in the queue.</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="History">
          {history.map((event) => (
            <li key={event.id} className="rounded-md border border-border bg-white px-3 py-2 text-sm">
              <span className="font-medium">{ACTION_LABEL[event.action] ?? event.action}</span>
              {describe(event) ? <span> {describe(event)}</span> : null}
              <span className="text-muted-foreground">
                {" "}
                · {event.reviewer
                  ? `${event.reviewer.name} (${event.reviewer.id.slice(0, 8)})`
                  : "the gate policy"} · {event.createdAt.toISOString().slice(0, 16).replace("T", " ")}
              </span>
            </li>
          ))}
        </ol>
      )}
      {undoable && canReview ? (
        <div className="mt-4">
          <UndoButton candidateId={id} label={`Undo “${ACTION_LABEL[last.action] ?? last.action}”`} />
        </div>
      ) : null}
    </div>
  );
}
