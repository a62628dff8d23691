"use client";
import { Check, GitMerge, Link2, Pencil, Replace, TriangleAlert, X } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { CardEditor } from "@/components/review/card-editor";
import { ClusterMembers, Matches, QuoteInContext } from "@/components/review/card-evidence";
import { formatOffset } from "@/lib/format";
import { contradictedFacts, duplicateFact, relatedFacts } from "@/components/review/matches";
import { RejectReasons } from "@/components/review/reject-reasons";
import { SecretAck } from "@/components/review/secret-ack";
import type { SecretChoice } from "@/lib/facts/schema";
import { SAFETY_REASON } from "@/lib/matcher/safety-reasons";
import type { ReviewAction, ReviewItem } from "@/components/review/types";
import { VisibleText } from "@/components/ui/visible-text";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

// An open candidate's note that only repeats the Matches below it ("Possible duplicate of …").
const REPEATS_MATCHES = /^(Possible duplicate of|Related to) /;

/** Confidence as a bar with its value: green from 85 %, blue from 70 % (the default gate), amber below. */
function ConfidenceBar({ value }: { value: number }) {
  const percent = Math.round(value * 100);
  const tone = value >= 0.85 ? "bg-success" : value >= 0.7 ? "bg-primary" : "bg-warning";
  return (
    <div className="flex items-center gap-2 text-xs text-muted-foreground">
      <span>Confidence</span>
      <div
        role="meter"
        aria-label="Confidence"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-1.5 w-24 overflow-hidden rounded-full bg-muted"
      >
        <div className={cn("h-full", tone)} style={{ width: `${percent}%` }} />
      </div>
      <span className="font-medium text-foreground">{percent}%</span>
    </div>
  );
}

function Meta({ item }: { item: ReviewItem }) {
  const when = item.context?.startMs != null ? ` at ${formatOffset(item.context.startMs)}` : "";
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <Badge tone="primary" title={item.kindDefinition ?? undefined}>
        {item.kind.replace(/_/g, " ")}
      </Badge>
      <Badge title="When it holds">{item.temporal}</Badge>
      <Badge title="How much it matters later">importance {Math.round(item.importance * 100)}%</Badge>
      {item.speaker ? <span className="text-muted-foreground">said by {item.speaker}</span> : null}
      <span className="ml-auto text-muted-foreground">
        from{" "}
        <Link
          className="underline-offset-2 hover:underline"
          href={`/sources/${item.source.id}`}
          onClick={(e) => e.stopPropagation()}
        >
          {item.source.title}
        </Link>
        {when || ` · ${item.source.createdAt.slice(0, 10)}`}
      </span>
    </div>
  );
}

export function CandidateCard({
  ref,
  item,
  kinds,
  selected,
  picked,
  busy,
  mode,
  onSelect,
  onPick,
  onMode,
  onDecide,
  readOnly = false,
}: {
  ref?: React.Ref<HTMLLIElement>;
  item: ReviewItem;
  kinds: Array<{ id: string; label: string }>;
  selected: boolean;
  /** In the selection that bulk actions decide. */
  picked: boolean;
  busy: boolean;
  /** What the card is showing: its actions, the editor, or the reasons to reject it. */
  mode: "view" | "edit" | "reject";
  onSelect: () => void;
  /** Toggles the card in the selection; with `range`, everything from the last toggled card too. */
  onPick: (range: boolean) => void;
  onMode: (mode: "view" | "edit" | "reject") => void;
  onDecide: (action: ReviewAction) => void;
  /** For a viewer: no decision buttons. */
  readOnly?: boolean;
}) {
  const duplicate = duplicateFact(item);
  const holdsSecret = item.gateReason?.includes(SAFETY_REASON.secret) ?? false;
  const [secret, setSecret] = useState<SecretChoice>({});
  const contradicted = contradictedFacts(item);
  const related = relatedFacts(item);
  const act = (fn: () => void) => (e: React.MouseEvent) => {
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
        "scroll-mt-20 rounded-lg border bg-white p-4 shadow-xs transition-colors",
        selected ? "border-primary ring-2 ring-primary/20" : "border-border",
      )}
    >
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          aria-label="Select this card"
          className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]"
          checked={picked}
          onClick={(e) => {
            e.stopPropagation();
            onPick(e.shiftKey);
          }}
          onChange={() => undefined}
        />
        <div className="min-w-0 flex-1">
          <Meta item={item} />
        </div>
      </div>
      {mode === "edit" ? (
        <CardEditor
          item={item}
          kinds={kinds}
          busy={busy}
          onSave={(edits, keepInvisible) => onDecide({ type: "approve", edits, keepInvisible, secret })}
          onCancel={() => onMode("view")}
        />
      ) : (
        <p className="mt-2 text-base leading-snug">
          <VisibleText text={item.content} />
        </p>
      )}
      <div className="mt-2">
        <ConfidenceBar value={item.confidence} />
      </div>
      <QuoteInContext item={item} />
      {item.gateReason && item.status === "gated" ? (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-[oklch(0.45_0.12_70)]">
          <TriangleAlert className="size-4 shrink-0" aria-hidden /> Gated: {item.gateReason}
        </p>
      ) : item.gateReason && !REPEATS_MATCHES.test(item.gateReason) ? (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
          <TriangleAlert className="size-4 shrink-0" aria-hidden /> {item.gateReason}
        </p>
      ) : null}
      {holdsSecret && !readOnly ? <SecretAck value={secret} onChange={setSecret} /> : null}
      <ClusterMembers item={item} />
      <Matches item={item} />
      {mode === "reject" ? (
        <RejectReasons
          busy={busy}
          onReject={(reason) => onDecide({ type: "reject", reason })}
          onCancel={() => onMode("view")}
        />
      ) : mode === "view" && !readOnly ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="success"
            disabled={busy}
            onClick={act(() => onDecide({ type: "approve", secret }))}
          >
            <Check aria-hidden /> Approve
          </Button>
          {contradicted.length > 0 ? (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={act(() => onDecide({ type: "supersede", secret }))}
            >
              <Replace aria-hidden /> Approve and supersede
            </Button>
          ) : null}
          {duplicate ? (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={act(() => onDecide({ type: "merge", secret }))}
            >
              <GitMerge aria-hidden /> Merge into existing
            </Button>
          ) : null}
          {duplicate && duplicate.content !== item.content ? (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              title={`The fact now reads: "${duplicate.content}"`}
              onClick={act(() => onDecide({ type: "merge", useWording: true, secret }))}
            >
              <GitMerge aria-hidden /> Merge, with this wording
            </Button>
          ) : null}
          {related.length > 0 && !duplicate ? (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={act(() => onDecide({ type: "relate", secret }))}
            >
              <Link2 aria-hidden /> Approve as related
            </Button>
          ) : null}
          <Button size="sm" variant="outline" disabled={busy} onClick={act(() => onMode("edit"))}>
            <Pencil aria-hidden /> Edit
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={act(() => onMode("reject"))}>
            <X aria-hidden /> Reject
          </Button>
        </div>
      ) : null}
    </li>
  );
}
