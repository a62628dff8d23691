import type { Metadata } from "next";
import { summarizeRateLimits } from "@/lib/extraction/rate-limit-notes";
import { summarizeJoined, summarizeLeftOut, summarizeRefusals, summarizeRepeats } from "@/lib/extraction/refusals";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RetryButton } from "@/components/ingest/retry-button";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { getSource, listSourceSpans } from "@/lib/db/sources";
import { SpanLegend, Transcript } from "@/components/sources/transcript";
import { RETRYABLE_RUN_STATUSES } from "@/lib/extraction/schema";
import { formatRunUsage } from "@/lib/format";
import { readableView, spansInView } from "@/lib/sources/view";
import { maskSecrets, maskSecretsDeep } from "@/lib/secrets/mask";
import { requireObjectPage } from "@/app/access";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Source" };

export default async function SourcePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) notFound();
  const canReview = (await requireObjectPage("read", "source", id)).viewer.allows.includes("review");
  const db = await getDb();
  const [source, spans] = await Promise.all([getSource({ db, sourceId: id }), listSourceSpans({ db, sourceId: id })]);
  if (!source) notFound();
  // Subtitles and chats are stored as the user's file: the page shows what they read as, turn by turn.
  const view = readableView({ format: source.format, text: source.text, segments: source.segments ?? [] });
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={source.title}
        description={[
          source.filename ?? `${source.origin}d`,
          source.format,
          source.meetingDate ? `meeting ${source.meetingDate.toISOString().slice(0, 10)}` : null,
          source.participants.length ? source.participants.join(", ") : null,
        ]
          .filter(Boolean)
          .join(" · ")}
      >
        {canReview ? (
          <Link className="text-sm text-danger hover:underline" href={`/sources/${source.id}/forget`}>
            Forget this source…
          </Link>
        ) : null}
      </PageHeader>
      <section aria-label="Extraction runs" className="mb-6 flex flex-col gap-2">
        {source.runs.map((run) => (
          <Card key={run.id} className="flex flex-wrap items-center gap-3 py-3 text-sm">
            <Badge tone={run.status === "succeeded" ? "success" : run.status === "failed" ? "danger" : "warning"}>
              {run.status}
            </Badge>
            <span>{run.extractor === "offline" ? "Offline extractor" : run.modelId}</span>
            {run.promptVersion ? <span className="text-muted-foreground">prompt {run.promptVersion}</span> : null}
            <span className="text-muted-foreground">
              {run._count.candidates} candidates · {run.chunksDone}/{run.chunksTotal} chunks
              {run.durationMs != null ? ` · ${(run.durationMs / 1000).toFixed(1)} s` : ""}
              {run.extractor !== "offline" && formatRunUsage(run) ? ` · ${formatRunUsage(run)}` : ""}
            </span>
            {canReview && RETRYABLE_RUN_STATUSES.includes(run.status) ? (
              <span className="ml-auto">
                <RetryButton runId={run.id} />
              </span>
            ) : null}
            {run.error ? <span className="w-full text-danger">{maskSecrets(run.error)}</span> : null}
            {refusalLine(run.chunkLog)}
            {rateLimitLine(run.chunkLog)}
          </Card>
        ))}
      </section>
      <section aria-label="Transcript">
        <SpanLegend />
        <Card>
          {/* Credentials in the transcript and its spans are shown masked, at the same length (lib/secrets). */}
          <Transcript
            text={maskSecrets(view.text)}
            turns={view.segments}
            spans={maskSecretsDeep(spansInView(view, spans))}
          />
        </Card>
      </section>
    </div>
  );
}

/** What the run's chunks waited for the provider's rate limit (the line the run page and CLI show). */
function rateLimitLine(chunkLog: unknown) {
  const waited = summarizeRateLimits(chunkLog);
  return waited ? <span className="w-full text-muted-foreground">{waited.text}</span> : null;
}

/** Items the model returned that the run did not keep, and what the extractor left out under its floor. */
function refusalLine(chunkLog: unknown) {
  const lines = [
    summarizeRefusals(chunkLog),
    summarizeLeftOut(chunkLog),
    summarizeJoined(chunkLog),
    summarizeRepeats(chunkLog),
  ].filter((l) => l !== null);
  return lines.map((line) => (
    <span key={line.text} className="w-full text-muted-foreground">
      {maskSecrets(line.text)}
    </span>
  ));
}
