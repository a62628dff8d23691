"use client";
import { Check, Quote, X, TriangleAlert } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { ReviewItem } from "@/components/review/types";

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

export function CandidateCard({
  item,
  selected,
  busy,
  onSelect,
  onApprove,
  onReject,
}: {
  item: ReviewItem;
  selected: boolean;
  busy: boolean;
  onSelect: () => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  const topMatch = item.matches[0];
  return (
    <li
      data-testid="candidate"
      data-candidate-id={item.id}
      aria-selected={selected}
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
      <p className="mt-2 text-base leading-snug">{item.content}</p>
      <blockquote className="mt-2 flex gap-2 border-l-2 border-border pl-3 text-sm text-muted-foreground">
        <Quote className="mt-0.5 size-3.5 shrink-0" aria-hidden />
        <span>
          {item.quote}
          {!item.grounded ? <span className="ml-2 font-medium text-danger">(quote not found in source)</span> : null}
        </span>
      </blockquote>
      {item.gateReason ? (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-[oklch(0.45_0.12_70)]">
          <TriangleAlert className="size-4" aria-hidden /> Gated: {item.gateReason}
        </p>
      ) : null}
      {item.verdict && item.verdict !== "new" && topMatch ? (
        <p className="mt-2 text-sm">
          <span className="font-medium">{VERDICT_LABEL[item.verdict] ?? item.verdict}:</span> {topMatch.content}{" "}
          <span className="text-muted-foreground">
            — {topMatch.score.toFixed(2)}
            {item.verdictStage ? ` (${item.verdictStage})` : ""}
            {topMatch.reason ? ` · ${topMatch.reason}` : ""}
          </span>
        </p>
      ) : null}
      <div className="mt-3 flex gap-2">
        <Button size="sm" variant="success" disabled={busy} onClick={(e) => (e.stopPropagation(), onApprove())}>
          <Check aria-hidden /> Approve
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={(e) => (e.stopPropagation(), onReject())}>
          <X aria-hidden /> Reject
        </Button>
      </div>
    </li>
  );
}
