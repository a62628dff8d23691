"use client";
import Link from "next/link";
import { useState } from "react";
import type { ReviewItem } from "@/components/review/types";
import { VisibleText } from "@/components/ui/visible-text";
import { cn } from "@/lib/utils";
import { firstLines, lastLines } from "@/lib/text/lines";
import { CARD_MATCHES, CONTEXT_LINES, type QuoteContext } from "@/lib/queue/candidate";
import { readQuoteContextAction } from "@/app/review/actions";
import { callAction } from "@/components/call-action";
import { toast } from "sonner";

const VERDICT_LABEL: Record<string, string> = {
  duplicate: "Duplicate of",
  related: "Related to",
  contradicts: "Contradicts",
};
const STAGE_LABEL: Record<string, string> = {
  hash: "same text",
  normalized: "same words",
  lexical: "wording",
  embedding: "embedding",
  llm: "LLM judge",
};

/**
 * The quote inside its transcript: the lines around it, the quote marked; "More context" shows more (a card is sent
 * with the lines its focused view shows, and reads the rest of `CONTEXT_LINES` when asked).
 * Without context (the quote was not found in the source) the quote alone, flagged.
 */
export function QuoteInContext({ item, lines: shown }: { item: ReviewItem; lines: number }) {
  const [wide, setWide] = useState(false);
  const [full, setFull] = useState<QuoteContext | null>(null);
  const [reading, setReading] = useState(false);
  const lines = wide ? CONTEXT_LINES : shown;
  const context = wide && full ? full : item.context;
  const widen = async () => {
    setWide(true);
    if (full || !item.context?.more) return;
    setReading(true);
    const result = await callAction(() => readQuoteContextAction({ candidateId: item.id }));
    setReading(false);
    if (result.ok && result.data.context) setFull(result.data.context);
    else if (!result.ok) toast.error(`More context could not be read: ${result.message}`);
  };
  return (
    <figure className="qcard-quote">
      <blockquote aria-busy={reading || undefined}>
        {context ? (
          <span>
            <VisibleText text={lastLines(context.before, lines)} />
          </span>
        ) : null}
        <mark>
          <VisibleText text={context?.quote ?? item.quote} />
        </mark>
        {context ? (
          <span>
            <VisibleText text={firstLines(context.after, lines)} />
          </span>
        ) : null}
      </blockquote>
      <figcaption>
        {context ? (
          <button
            type="button"
            className="link-primary"
            aria-expanded={wide}
            onClick={(e) => {
              e.stopPropagation();
              if (wide) setWide(false);
              else void widen();
            }}
          >
            {wide ? "Less context" : "More context"}
          </button>
        ) : (
          <span className="font-medium text-danger">Quote not found in the source</span>
        )}
        <Link
          className="link-primary"
          href={`/sources/${item.source.id}${item.start !== null ? `#at-${item.start}` : ""}`}
          onClick={(e) => e.stopPropagation()}
        >
          Open in the source
        </Link>
      </figcaption>
    </figure>
  );
}

/**
 * What the matcher found, in the words it gives: verdict, score, deciding stage, the fact and its source.
 * The list's cards show the first (the strongest) and how many more there are; the focused view all of them.
 */
export function Matches({ item, limit }: { item: ReviewItem; limit: number }) {
  if (item.matches === null) {
    return (
      <p className="mt-2 text-sm text-muted-foreground" role="note">
        Match data unreadable: this candidate&apos;s comparison with the fact base could not be read. Review it on its
        own.
      </p>
    );
  }
  const all = item.matches.slice(0, CARD_MATCHES);
  const shown = all.slice(0, limit);
  if (shown.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-col gap-1 break-words text-sm" aria-label="Matches">
      {shown.map((m, i) => {
        const origin = m.factId ? item.factSources[m.factId] : undefined;
        return (
          <li key={`${m.factId ?? m.candidateId ?? i}`}>
            <span className={cn("font-medium", m.verdict === "contradicts" && "text-danger")}>
              {`${VERDICT_LABEL[m.verdict] ?? m.verdict} ${m.factId ? "an approved fact" : "an open candidate"}:`}
            </span>{" "}
            {m.content}
            {origin ? (
              <span className="text-muted-foreground">
                {" (from "}
                <Link className="link" href={`/sources/${origin.id}`}>
                  {origin.title}
                </Link>
                )
              </span>
            ) : null}
            <span className="block text-xs text-muted-foreground">
              {`${m.reason} · score ${m.score.toFixed(2)} · decided by ${STAGE_LABEL[m.stage] ?? m.stage}`}
            </span>
          </li>
        );
      })}
      {all.length > shown.length ? (
        <li className="text-xs text-muted-foreground">
          {all.length - shown.length} more match{all.length - shown.length === 1 ? "" : "es"} in the focused view (f)
        </li>
      ) : null}
    </ul>
  );
}

/** The open candidates that say the same thing: shown once, here, and decided with this card. */
export function ClusterMembers({ item }: { item: ReviewItem }) {
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
            <Link className="link font-medium" href={`/sources/${m.source.id}`}>
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
