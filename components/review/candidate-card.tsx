"use client";
import { ShortcutKey } from "@/components/ui/shortcut-key";
import Link from "next/link";
import { memo, useState } from "react";
import { CardEditor } from "@/components/review/card-editor";
import { ClusterMembers, Matches, QuoteInContext } from "@/components/review/card-evidence";
import { formatOffset } from "@/lib/format";
import { contradictedFacts, duplicateFact, relatedFacts } from "@/components/review/matches";
import { RejectReasons } from "@/components/review/reject-reasons";
import { SecretAck } from "@/components/review/secret-ack";
import type { ReviewAction, ReviewEdits, ReviewItem } from "@/components/review/types";
import { VisibleText } from "@/components/ui/visible-text";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { SecretChoice } from "@/lib/facts/schema";
import { SAFETY_REASON } from "@/lib/matcher/safety-reasons";
import type { Panel } from "@/lib/queue/session";
import { cn } from "@/lib/utils";
import { CardIcon } from "@/components/review/card-icons";

// An open candidate's note that only repeats the Matches below it ("Possible duplicate of …").
const REPEATS_MATCHES = /^(Possible duplicate of|Related to) /;

/** What a card asks the queue to do; one stable function, so cards that did not change do not render. */
export type CardCommand =
  | { type: "select"; id: string }
  | { type: "pick"; id: string; range: boolean }
  | { type: "open"; id: string; panel: Panel }
  | { type: "close"; id: string }
  | { type: "decide"; id: string; action: ReviewAction }
  /** The reviewer's ticks on a card that holds a credential: every approval of it, by key or button, carries them. */
  | { type: "secret"; id: string; choice: SecretChoice };

/** Confidence as a bar with its value: green from 85 %, blue from 70 % (the default gate), amber below. */
function ConfidenceBar({ value }: { value: number }) {
  const percent = Math.round(value * 100);
  const tone = value >= 0.85 ? "bg-success" : value >= 0.7 ? "bg-primary" : "bg-warning";
  return (
    <div className="qcard-meter">
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
      <span className="font-medium text-foreground">{`${percent}%`}</span>
    </div>
  );
}

/** When it was said: the time in the recording, and the meeting's day (the day it was ingested without one). */
function saidOn(item: ReviewItem): string {
  const at = item.context?.startMs != null ? ` at ${formatOffset(item.context.startMs)}` : "";
  const day = item.source.meetingDate
    ? `meeting of ${item.source.meetingDate}`
    : `ingested ${item.source.createdAt.slice(0, 10)}`;
  return `${at} · ${day}${item.source.subject ? ` · about ${item.source.subject}` : ""}`;
}

function Meta({ item, confidence }: { item: ReviewItem; confidence: boolean }) {
  return (
    <div className="qcard-meta">
      <Badge tone="primary" title={item.kindDefinition ?? undefined}>
        {item.kind.replace(/_/g, " ")}
      </Badge>
      <Badge title="When it holds">{item.temporal}</Badge>
      <Badge title="How much it matters later">{`importance ${Math.round(item.importance * 100)}%`}</Badge>
      {item.speaker ? <span className="text-muted-foreground">{`said by ${item.speaker}`}</span> : null}
      {confidence ? <ConfidenceBar value={item.confidence} /> : null}
      <span className="min-w-0 text-muted-foreground sm:ml-auto">
        {"from "}
        <Link className="link break-words" href={`/sources/${item.source.id}`} onClick={(e) => e.stopPropagation()}>
          {item.source.title}
        </Link>
        {saidOn(item)}
      </span>
    </div>
  );
}

/** The gate's reasons, or a note the matcher left on an open card. */
function GateNote({ item }: { item: ReviewItem }) {
  if (item.gateReason && item.status === "gated") {
    return (
      <p className="qcard-note qcard-gated">
        <CardIcon name="alert" className="mt-0.5" /> <span>{`Gated: ${item.gateReason}`}</span>
      </p>
    );
  }
  if (item.gateReason && !REPEATS_MATCHES.test(item.gateReason)) {
    return (
      <p className="qcard-note">
        <CardIcon name="alert" className="mt-0.5" /> <span>{item.gateReason}</span>
      </p>
    );
  }
  return null;
}

/** The gate's reason already quotes the first match ("Contradicts …: <its text>"): the list need not repeat it. */
function gateNamesMatch(item: ReviewItem): boolean {
  const first = item.matches?.find((m) => m.verdict !== "new");
  return Boolean(first && item.status === "gated" && item.gateReason?.includes(first.content));
}

export interface CandidateCardProps {
  ref?: React.Ref<HTMLLIElement>;
  item: ReviewItem;
  kinds: Array<{ id: string; label: string }>;
  /** The list's compact card, or the focused view's one large card. */
  variant: "list" | "focus";
  selected: boolean;
  /** In the selection that bulk actions decide. */
  picked: boolean;
  /** The editor or the reasons to reject it, when open. */
  panel: Panel | null;
  /** The server refused the last decision on this card: why. */
  refused?: string;
  /** The reviewer's edit that was not saved, to go on with. */
  draft?: ReviewEdits;
  dispatch: (command: CardCommand) => void;
  /** For a viewer: no decision buttons. */
  readOnly?: boolean;
}

function CandidateCardView({
  ref,
  item,
  kinds,
  variant,
  selected,
  picked,
  panel,
  refused,
  draft,
  dispatch,
  readOnly = false,
}: CandidateCardProps) {
  const id = item.id;
  const focus = variant === "focus";
  const decide = (action: ReviewAction) => dispatch({ type: "decide", id, action });
  const holdsSecret = item.gateReason?.includes(SAFETY_REASON.secret) ?? false;
  const [secret, setSecret] = useState<SecretChoice>({});
  return (
    <li
      ref={ref}
      tabIndex={-1}
      aria-label={item.content}
      data-testid="candidate"
      data-candidate-id={id}
      // The selected card's look is its aria-current's (app/globals.css `.qcard`).
      aria-current={selected ? "true" : undefined}
      onClick={() => dispatch({ type: "select", id })}
      className={focus ? "qcard qcard-focus" : "qcard"}
    >
      <div className="flex items-start gap-3">
        {readOnly ? null : (
          <input
            type="checkbox"
            aria-label="Select this card"
            className="qcard-pick"
            checked={picked}
            onClick={(e) => {
              e.stopPropagation();
              dispatch({ type: "pick", id, range: e.shiftKey });
            }}
            onChange={() => undefined}
          />
        )}
        <div className="min-w-0 flex-1">
          <Meta item={item} confidence={!focus} />
        </div>
      </div>
      {refused ? (
        <p role="alert" className="mt-2 rounded-md bg-danger/10 px-2 py-1 text-sm text-[oklch(0.45_0.2_25)]">
          Not saved: {refused}
          {draft ? " Your edit is kept: press e to go on with it." : ""}
        </p>
      ) : null}
      {panel === "edit" ? (
        <CardEditor
          item={item}
          kinds={kinds}
          draft={draft}
          onSave={(edits, keepInvisible) => decide({ type: "approve", edits, keepInvisible })}
          onCancel={() => dispatch({ type: "close", id })}
        />
      ) : (
        <p className={cn("mt-2 break-words leading-snug", focus ? "text-xl sm:text-2xl" : "text-base")}>
          <VisibleText text={item.content} />
        </p>
      )}
      {focus ? (
        <div className="mt-2">
          <ConfidenceBar value={item.confidence} />
        </div>
      ) : null}
      <QuoteInContext item={item} lines={focus ? 4 : 1} />
      <GateNote item={item} />
      {item.rankReason ? <p className="mt-1 text-xs text-muted-foreground">{item.rankReason}</p> : null}
      {holdsSecret && !readOnly ? (
        <SecretAck
          value={secret}
          onChange={(choice) => {
            setSecret(choice);
            dispatch({ type: "secret", id, choice });
          }}
        />
      ) : null}
      <ClusterMembers item={item} />
      <Matches item={item} limit={focus ? 3 : gateNamesMatch(item) ? 0 : 1} />
      {panel === "reject" ? (
        <RejectReasons
          onReject={(reason) => decide({ type: "reject", reason })}
          onCancel={() => dispatch({ type: "close", id })}
        />
      ) : panel === null && !readOnly ? (
        <DecisionButtons
          item={item}
          keys={focus}
          decide={decide}
          open={(p) => dispatch({ type: "open", id, panel: p })}
        />
      ) : null}
    </li>
  );
}

/** The card's decisions as buttons; in the focused view each says its key (Prodigy's row under the record). */
function DecisionButtons({
  item,
  keys,
  decide,
  open,
}: {
  item: ReviewItem;
  keys: boolean;
  decide: (action: ReviewAction) => void;
  open: (panel: Panel) => void;
}) {
  const duplicate = duplicateFact(item);
  const contradicted = contradictedFacts(item);
  const related = relatedFacts(item);
  const act = (fn: () => void) => (e: React.MouseEvent) => {
    e.stopPropagation();
    fn();
  };
  const key = (k: string) => <ShortcutKey keyName={k} show={keys} className="ml-1" />;
  return (
    <div className={cn("mt-3 flex flex-wrap gap-2", keys && "border-t border-border pt-3")}>
      <Button size="sm" variant="success" onClick={act(() => decide({ type: "approve" }))} aria-keyshortcuts="a">
        <CardIcon name="check" /> Approve{key("a")}
      </Button>
      {contradicted.length > 0 ? (
        <Button size="sm" variant="outline" onClick={act(() => decide({ type: "supersede" }))} aria-keyshortcuts="s">
          <CardIcon name="replace" /> Approve and supersede{key("s")}
        </Button>
      ) : null}
      {duplicate ? (
        <Button size="sm" variant="outline" onClick={act(() => decide({ type: "merge" }))} aria-keyshortcuts="m">
          <CardIcon name="merge" /> Merge into existing{key("m")}
        </Button>
      ) : null}
      {duplicate && duplicate.content !== item.content ? (
        <Button
          size="sm"
          variant="outline"
          title={`The fact now reads: "${duplicate.content}"`}
          onClick={act(() => decide({ type: "merge", useWording: true }))}
        >
          <CardIcon name="merge" /> Merge, with this wording
        </Button>
      ) : null}
      {related.length > 0 && !duplicate ? (
        <Button size="sm" variant="outline" onClick={act(() => decide({ type: "relate" }))}>
          <CardIcon name="link" /> Approve as related
        </Button>
      ) : null}
      <Button size="sm" variant="outline" onClick={act(() => open("edit"))} aria-keyshortcuts="e">
        <CardIcon name="pencil" /> Edit{key("e")}
      </Button>
      <Button size="sm" variant="outline" onClick={act(() => open("reject"))} aria-keyshortcuts="r">
        <CardIcon name="x" /> Reject{key("r")}
      </Button>
    </div>
  );
}

export const CandidateCard = memo(CandidateCardView);
