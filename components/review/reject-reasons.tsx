"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

export const QUICK_REJECT_REASONS = ["Not a fact", "Wrong", "Duplicate", "Too vague", "Private"] as const;

/** Why a candidate is rejected: a quick reason (the first has the focus, so r then Enter), or one typed. */
export function RejectReasons({
  busy,
  onReject,
  onCancel,
}: {
  busy: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
}) {
  const [other, setOther] = useState("");
  return (
    <div
      role="group"
      aria-label="Reject with a reason"
      className="mt-3 flex flex-wrap items-center gap-2"
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        if (e.key === "Escape") onCancel();
      }}
    >
      <span className="text-sm font-medium">Reject:</span>
      {QUICK_REJECT_REASONS.map((reason, i) => (
        <Button
          key={reason}
          size="sm"
          variant="outline"
          disabled={busy}
          autoFocus={i === 0}
          onClick={() => onReject(reason)}
        >
          {reason}
        </Button>
      ))}
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
        <Button size="sm" variant="outline" type="submit" disabled={busy || !other.trim()}>
          Reject
        </Button>
      </form>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
