"use client";
import { Check, GitMerge, Pencil, Quote, Replace, TriangleAlert, X } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { contradictedFacts, duplicateFact } from "@/components/review/matches";
import type { ReviewAction, ReviewItem } from "@/components/review/types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/input";
import { cn } from "@/lib/utils";

// An open candidate's note that only repeats the Matches line below it ("Possible duplicate of …").
const REPEATS_MATCHES = /^(Possible duplicate of|Related to) /;

const VERDICT_LABEL: Record<string, string> = {
  duplicate: "Duplicate of",
  related: "Related",
  contradicts: "Contradicts",
};

export function ConfidenceBadge({ value }: { value: number }) {
  const tone = value >= 0.85 ? "success" : value >= 0.7 ? "primary" : "warning";
  return (
    <Badge tone={tone} title="Confidence">
      {Math.round(value * 100)}%
    </Badge>
  );
}

function Matches({ item }: { item: ReviewItem }) {
  if (item.matches === null) {
    return (
      <p className="mt-2 text-sm text-muted-foreground" role="note">
        Match data unreadable: this candidate&apos;s comparison with the fact base could not be read. Review it on its
        own.
      </p>
    );
  }
  const shown = item.matches.filter((m) => m.verdict !== "new").slice(0, 3);
  if (shown.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label="Matches">
      {shown.map((m, i) => (
        <li key={`${m.factId ?? m.candidateId ?? i}`}>
          <span className={cn("font-medium", m.verdict === "contradicts" && "text-danger")}>
            {VERDICT_LABEL[m.verdict] ?? m.verdict}
            {m.candidateId ? " (pending candidate)" : ""}:
          </span>{" "}
          {m.content}{" "}
          <span className="text-muted-foreground">
            — {m.score.toFixed(2)} ({m.stage}) · {m.reason}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The open candidates that say the same thing: shown once, here, and decided with this card. */
function ClusterMembers({ item }: { item: ReviewItem }) {
  if (item.members.length === 0) return null;
  const all = [item, ...item.members];
  const sources = new Set(all.map((c) => c.source.id)).size;
  return (
    <details className="mt-2 text-sm" onClick={(e) => e.stopPropagation()}>
      <summary className="cursor-pointer font-medium text-primary">
        {all.length} similar candidates from {sources} source{sources === 1 ? "" : "s"}
        <span className="font-normal text-muted-foreground"> · approving or rejecting decides all {all.length}</span>
      </summary>
      <ul className="mt-1 flex flex-col gap-1 border-l-2 border-border pl-3" aria-label="Similar candidates">
        {item.members.map((m) => (
          <li key={m.id}>
            <Link className="font-medium underline-offset-2 hover:underline" href={`/sources/${m.source.id}`}>
              {m.source.title}
            </Link>
            {m.speaker ? <span className="text-muted-foreground"> · {m.speaker}</span> : null}:{" "}
            <span className="text-muted-foreground">“{m.quote}”</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function CandidateCard({
  ref,
  item,
  selected,
  busy,
  editing,
  onSelect,
  onEdit,
  onDecide,
}: {
  ref?: React.Ref<HTMLLIElement>;
  item: ReviewItem;
  selected: boolean;
  busy: boolean;
  editing: boolean;
  onSelect: () => void;
  onEdit: (on: boolean) => void;
  onDecide: (decision: ReviewAction) => void;
}) {
  const [draft, setDraft] = useState(item.content);
  const duplicate = duplicateFact(item);
  const contradicted = contradictedFacts(item);
  const stop = (fn: () => void) => (e: React.MouseEvent) => {
    e.stopPropagation();
    fn();
  };
  return (
    <li
      ref={ref}
      tabIndex={-1}
      aria-label={item.content}
      data-testid="candidate"
      data-candidate-id={item.id}
      aria-current={selected ? "true" : undefined}
      onClick={onSelect}
      className={cn(
        "rounded-lg border bg-white p-4 shadow-xs transition-colors",
        selected ? "border-primary ring-2 ring-primary/20" : "border-border",
      )}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <Badge tone="primary">{item.kind.replace(/_/g, " ")}</Badge>
        <ConfidenceBadge value={item.confidence} />
        <Badge>{item.temporal}</Badge>
        {item.speaker ? <span className="text-muted-foreground">said by {item.speaker}</span> : null}
        <span className="ml-auto text-muted-foreground">
          from{" "}
          <Link className="underline-offset-2 hover:underline" href={`/sources/${item.source.id}`}>
            {item.source.title}
          </Link>
        </span>
      </div>
      {editing ? (
        <form
          className="mt-2 flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            onDecide({ type: "approve", content: draft.trim() });
          }}
          onClick={(e) => e.stopPropagation()}
        >
          <Textarea
            aria-label="Fact text"
            className="min-h-20 font-sans text-base"
            value={draft}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape") onEdit(false);
              if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) e.currentTarget.form?.requestSubmit();
            }}
          />
          <div className="flex gap-2">
            <Button size="sm" variant="success" type="submit" disabled={busy || draft.trim().length < 3}>
              <Check aria-hidden /> Save and approve
            </Button>
            <Button size="sm" variant="ghost" type="button" onClick={() => onEdit(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-2 text-base leading-snug">{item.content}</p>
      )}
      <blockquote className="mt-2 flex gap-2 border-l-2 border-border pl-3 text-sm text-muted-foreground">
        <Quote className="mt-0.5 size-3.5 shrink-0" aria-hidden />
        <span>
          {item.quote}
          {!item.supported ? <span className="ml-2 font-medium text-danger">(quote not found in source)</span> : null}
        </span>
      </blockquote>
      {item.gateReason && item.status === "gated" ? (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-[oklch(0.45_0.12_70)]">
          <TriangleAlert className="size-4 shrink-0" aria-hidden /> Gated: {item.gateReason}
        </p>
      ) : item.gateReason && !REPEATS_MATCHES.test(item.gateReason) ? (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
          <TriangleAlert className="size-4 shrink-0" aria-hidden /> {item.gateReason}
        </p>
      ) : null}
      <ClusterMembers item={item} />
      <Matches item={item} />
      {editing ? null : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="success" disabled={busy} onClick={stop(() => onDecide({ type: "approve" }))}>
            <Check aria-hidden /> Approve
          </Button>
          {contradicted.length > 0 ? (
            <Button size="sm" variant="outline" disabled={busy} onClick={stop(() => onDecide({ type: "supersede" }))}>
              <Replace aria-hidden /> Approve and supersede
            </Button>
          ) : null}
          {duplicate ? (
            <Button size="sm" variant="outline" disabled={busy} onClick={stop(() => onDecide({ type: "merge" }))}>
              <GitMerge aria-hidden /> Merge into existing
            </Button>
          ) : null}
          <Button size="sm" variant="outline" disabled={busy} onClick={stop(() => onEdit(true))}>
            <Pencil aria-hidden /> Edit
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={stop(() => onDecide({ type: "reject" }))}>
            <X aria-hidden /> Reject
          </Button>
        </div>
      )}
    </li>
  );
}
