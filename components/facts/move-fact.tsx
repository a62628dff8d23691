"use client";
import { ArrowRightLeft } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { moveFactAction } from "@/app/facts/[id]/actions";
import { callAction } from "@/components/call-action";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import type { MoveMode } from "@/lib/facts/schema";
import type { SpaceRef } from "@/lib/spaces/schema";

/**
 * Moves or copies a fact to another space where the reviewer may review: pick the space and what to do, read
 * what it changes, confirm; then the fact's page in its new space. Shown only when there is such a space.
 */
export function MoveFact({
  fact,
  from,
  targets,
  relations,
}: {
  fact: { id: string; version: number; content: string };
  from: SpaceRef;
  /** The other spaces where the reviewer may review. */
  targets: SpaceRef[];
  /** How many relations the fact has: a move drops them (they point at facts that stay here). */
  relations: number;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [space, setSpace] = useState(targets[0]?.slug ?? "");
  const [mode, setMode] = useState<MoveMode>("move");
  const [error, setError] = useState<string | null>(null);
  const [busy, startTransition] = useTransition();
  const target = targets.find((t) => t.slug === space);

  if (!open) {
    return (
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <ArrowRightLeft aria-hidden /> Move or copy to another space…
      </Button>
    );
  }
  function submit() {
    setError(null);
    startTransition(async () => {
      const result = await callAction(() => moveFactAction({ factId: fact.id, version: fact.version, space, mode }));
      if (result.ok) {
        toast.success(result.data.message);
        router.push(`/facts/${result.data.factId}?space=${encodeURIComponent(result.data.space)}`);
      } else {
        setConfirming(false);
        setError(result.message);
      }
    });
  }
  const dropped =
    relations === 0
      ? "It has no related facts."
      : `Its ${relations === 1 ? "relation" : `${relations} relations`} to facts in ${from.name} will be dropped.`;
  return (
    <form
      aria-label="Move or copy this fact"
      className="flex w-full flex-col gap-3 rounded-md border border-border p-3 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        if (confirming) submit();
        else setConfirming(true);
      }}
    >
      <label className="flex flex-wrap items-center gap-2">
        To space
        <select
          className="field"
          value={space}
          disabled={confirming}
          onChange={(e) => setSpace(e.target.value)}
          name="space"
        >
          {targets.map((t) => (
            <option key={t.slug} value={t.slug}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="flex flex-col gap-2" disabled={confirming}>
        <legend className="mb-1 font-medium">Move or copy</legend>
        <label className="flex items-start gap-2">
          <input type="radio" name="mode" checked={mode === "move"} onChange={() => setMode("move")} />
          <span>
            Move: the fact leaves {from.name} with its history and quotes. {dropped}
          </span>
        </label>
        <label className="flex items-start gap-2">
          <input type="radio" name="mode" checked={mode === "copy"} onChange={() => setMode("copy")} />
          <span>Copy: a new fact there with the same words and quotes; this one stays as it is.</span>
        </label>
      </fieldset>
      {confirming && target ? (
        <p role="status">
          {mode === "move" ? "Move" : "Copy"} this fact from {from.name} to {target.name}?
          {mode === "move" && relations > 0 ? ` ${dropped}` : ""}
          {` Quotes keep their words; a transcript that stays in ${from.name} is not shown to readers of ` +
            `${target.name} who cannot open it.`}
        </p>
      ) : null}
      <FormError message={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy || !target}>
          {confirming ? `Confirm ${mode}` : `${mode === "move" ? "Move" : "Copy"} to ${target?.name ?? "…"}…`}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => (confirming ? setConfirming(false) : setOpen(false))}
        >
          {confirming ? "Back" : "Cancel"}
        </Button>
      </div>
    </form>
  );
}
