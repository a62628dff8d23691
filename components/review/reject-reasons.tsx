"use client";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { QUICK_REJECT_REASONS } from "@/lib/facts/schema";

/**
 * Why a candidate is rejected: a quick reason, or one typed. The first reason has the focus when the
 * reasons open (so r then Enter); the arrow keys move between them (one tab stop, as a toolbar), Enter or
 * Space takes the one in focus, Escape cancels.
 */
export function RejectReasons({ onReject, onCancel }: { onReject: (reason: string) => void; onCancel: () => void }) {
  const [other, setOther] = useState("");
  const [current, setCurrent] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  function moveTo(index: number) {
    const n = QUICK_REJECT_REASONS.length;
    const next = (index + n) % n;
    setCurrent(next);
    buttons.current[next]?.focus();
  }
  return (
    <div
      className="mt-3 flex flex-col gap-2"
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <div
        role="toolbar"
        aria-label="Reject with a reason"
        aria-orientation="horizontal"
        className="flex flex-wrap items-center gap-2"
        onKeyDown={(e) => {
          const at = buttons.current.findIndex((b) => b === e.target);
          if (at < 0) return;
          const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
          if (step !== undefined) {
            e.preventDefault();
            moveTo(at + step);
          } else if (e.key === "Home" || e.key === "End") {
            e.preventDefault();
            moveTo(e.key === "Home" ? 0 : QUICK_REJECT_REASONS.length - 1);
          }
        }}
      >
        <span className="text-sm font-medium">Reject:</span>
        {QUICK_REJECT_REASONS.map((reason, i) => (
          <Button
            key={reason}
            ref={(node) => {
              buttons.current[i] = node;
            }}
            size="sm"
            variant="outline"
            tabIndex={i === current ? 0 : -1}
            data-autofocus={i === 0 ? true : undefined}
            onFocus={() => setCurrent(i)}
            onClick={() => onReject(reason)}
          >
            {reason}
          </Button>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (other.trim()) onReject(other.trim());
          }}
        >
          <Input
            aria-label="Other reason"
            placeholder="Other reason…"
            maxLength={500}
            value={other}
            onChange={(e) => setOther(e.target.value)}
            className="h-8 w-44"
          />
          <Button size="sm" variant="outline" type="submit" disabled={!other.trim()}>
            Reject
          </Button>
        </form>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
