"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { spaceHref } from "@/lib/spaces/href";
import { CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import Link from "next/link";
import { RetryButton } from "@/components/ingest/retry-button";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { ApiRun } from "@/lib/api/schemas";
import { RETRYABLE_RUN_STATUSES, type RunStatus } from "@/lib/extraction/schema";
import { summarizeLeftOut, summarizeRepeats } from "@/lib/extraction/refusals";
import { formatRunUsage } from "@/lib/format";

type RunProgressData = ApiRun;

const FINISHED: ReadonlySet<RunStatus> = new Set<RunStatus>(["succeeded", ...RETRYABLE_RUN_STATUSES]);

async function fetchRun(runId: string, space: string | null): Promise<RunProgressData> {
  // The run belongs to the space the form sent it to: asked in another, the API answers 404.
  const response = await fetch(spaceHref(`/api/runs/${runId}`, space), { cache: "no-store" });
  if (!response.ok) throw new Error(`Could not load run progress (${response.status})`);
  return (await response.json()) as RunProgressData;
}

export function RunProgress({ runId, space = null }: { runId: string; space?: string | null }) {
  const queryClient = useQueryClient();
  const { data: run, error } = useQuery({
    queryKey: ["run", runId],
    queryFn: () => fetchRun(runId, space),
    refetchInterval: (query) => (query.state.data && FINISHED.has(query.state.data.status) ? false : 700),
  });

  if (error) return <Card role="alert">{error.message}</Card>;
  if (!run) return <Card aria-busy="true">Starting extraction…</Card>;

  const finished = FINISHED.has(run.status);
  const settled = run.chunksDone + run.chunksFailed;
  const percent = run.chunksTotal ? Math.round((settled / run.chunksTotal) * 100) : finished ? 100 : 0;
  // Counted per chunk by the gate (lib/chain/gate.ts): nothing the run rejects on its own goes unsaid.
  const rejectedAgain = (run.chunkLog ?? []).reduce((n, e) => n + (e.rejectedAgain ?? 0), 0);
  // What is left for a reviewer: open candidates (the repeats rejected again are decided already).
  const { pending, gated, unsupported } = run.counts;
  const toReview = pending + gated;
  // A run that refused items is not the all-clear: it says how many beside the status, with the alert icon.
  const Icon = !finished ? LoaderCircle : run.status === "succeeded" && !run.refused ? CircleCheck : CircleAlert;
  const refusedNote = run.refused ? `, ${run.refused.count} refused` : "";
  // What the offline extractor ranked under its floor is not in the queue: said, with how many.
  const leftOut = summarizeLeftOut(run.chunkLog);
  const repeats = summarizeRepeats(run.chunkLog);

  return (
    <Card aria-live="polite" className="flex flex-col gap-3">
      <div className="flex items-center gap-2 font-medium">
        <Icon className={!finished ? "size-4 animate-spin" : "size-4"} aria-hidden />
        <span role="status">
          {!finished
            ? `Extracting… ${settled} of ${run.chunksTotal || "?"} chunks, ${run.candidates} candidates so far`
            : run.status === "succeeded"
              ? `Extraction finished: ${run.candidates} candidate${run.candidates === 1 ? "" : "s"}${refusedNote}`
              : `Extraction ${run.status}: ${run.candidates} candidates kept${refusedNote}`}
        </span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label="Chunks done"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
      </div>
      {run.error ? <p className="text-sm text-danger">{run.error}</p> : null}
      {rejectedAgain > 0 ? (
        <p className="text-sm">
          {rejectedAgain} candidate{rejectedAgain === 1 ? "" : "s"} repeated words rejected before and{" "}
          {rejectedAgain === 1 ? "was" : "were"} rejected again with the same reason (Settings: review gates).
        </p>
      ) : null}
      {run.refused ? <p className="text-sm text-muted-foreground">{run.refused.text}</p> : null}
      {/* The provider's rate limit: the wait now (the run is not stuck), then what the chunks waited in all. */}
      {!finished && run.waiting ? <p className="text-sm">{capitalize(run.waiting.text)}</p> : null}
      {run.rateLimit ? <p className="text-sm text-muted-foreground">{capitalize(run.rateLimit.text)}</p> : null}
      {finished && gated > 0 ? (
        <p className="text-sm">
          {pending.toLocaleString("en")} to review first; {gated.toLocaleString("en")} held by a gate for a closer look
          {unsupported > 0 ? ` (${unsupported.toLocaleString("en")} with a quote not found in the text)` : ""}:{" "}
          <Link className="underline" href={spaceHref(`/review?run=${run.id}&status=gated`, space)}>
            open the gated
          </Link>
        </p>
      ) : null}
      {leftOut ? <p className="text-sm text-muted-foreground">{leftOut.text}</p> : null}
      {repeats ? <p className="text-sm text-muted-foreground">{repeats.text}</p> : null}
      <p className="text-xs text-muted-foreground">
        {run.extractor === "offline" ? "Offline extractor" : `Model ${run.modelId}`}
        {run.durationMs != null ? ` · ${(run.durationMs / 1000).toFixed(1)} s` : ""}
        {run.extractor !== "offline" && formatRunUsage(run) ? ` · ${formatRunUsage(run)}` : ""}
      </p>
      <div className="flex flex-wrap gap-2">
        {finished && toReview > 0 ? (
          <Button asChild>
            <Link href={spaceHref(`/review?run=${run.id}`, space)}>
              Review {toReview} candidate{toReview === 1 ? "" : "s"}
            </Link>
          </Button>
        ) : null}
        {finished && run.status !== "succeeded" ? (
          <RetryButton runId={run.id} onRetried={() => queryClient.invalidateQueries({ queryKey: ["run", runId] })} />
        ) : null}
      </div>
    </Card>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
