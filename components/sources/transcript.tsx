import { VisibleText } from "@/components/ui/visible-text";
import Link from "next/link";
import { formatOffset } from "@/lib/format";
import { rows, type Span, type Turn } from "@/lib/sources/spans";
import { cn } from "@/lib/utils";

const STATUS_CLASS: Record<string, string> = {
  pending: "bg-primary/15 decoration-primary",
  gated: "bg-warning/30 decoration-[oklch(0.45_0.12_70)]",
  approved: "bg-success/20 decoration-success",
  merged: "bg-success/20 decoration-success",
  rejected: "bg-muted decoration-muted-foreground line-through",
};

/**
 * The transcript as it reads (lib/sources/view.ts), one row per turn with its time, every extracted span marked and
 * coloured by its candidate's status; a mark opens its candidate (and, from there, its fact).
 * `#at-<offset>` links land on a span.
 */
export function Transcript({ text, turns, spans }: { text: string; turns: Turn[]; spans: Span[] }) {
  const all = rows(text, turns, spans);
  const timed = all.some((row) => row.startMs !== null);
  return (
    <div className="font-sans text-sm leading-relaxed">
      {all.map((row, r) => (
        <div key={r} className={cn(timed && "grid grid-cols-[5rem_1fr] gap-3")}>
          {timed ? (
            <span className="select-none pt-px font-mono text-xs text-muted-foreground tabular-nums">
              {row.startMs !== null ? formatOffset(row.startMs) : ""}
            </span>
          ) : null}
          <p className="whitespace-pre-wrap break-words">
            {row.pieces.map((piece, i) =>
              piece.span ? (
                <Link
                  key={i}
                  id={piece.first ? `at-${piece.span.anchor ?? piece.span.start}` : undefined}
                  href={`/review/${piece.span.id}`}
                  title={`${piece.span.status} · ${piece.span.kind.replace(/_/g, " ")}: ${piece.span.content}`}
                  className={cn(
                    "scroll-mt-24 rounded-sm underline underline-offset-2",
                    STATUS_CLASS[piece.span.status],
                  )}
                >
                  <VisibleText text={piece.text} />
                </Link>
              ) : piece.speaker ? (
                <span key={i} className="font-semibold">
                  <VisibleText text={piece.text} />
                </span>
              ) : (
                <span key={i}>
                  <VisibleText text={piece.text} />
                </span>
              ),
            )}
          </p>
        </div>
      ))}
    </div>
  );
}

export function SpanLegend() {
  return (
    <p className="mb-2 flex flex-wrap gap-3 text-xs text-muted-foreground" aria-label="Legend">
      {["pending", "gated", "approved", "rejected"].map((status) => (
        <span key={status} className={cn("rounded-sm px-1", STATUS_CLASS[status])}>
          {status}
        </span>
      ))}
    </p>
  );
}
