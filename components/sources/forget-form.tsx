"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { forgetSourceAction } from "@/app/sources/[id]/forget/actions";
import { callAction } from "@/components/call-action";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { ForgetModeFields } from "@/components/ui/forget-mode";
import type { ForgetMode } from "@/lib/facts/schema";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * Confirms forgetting a source as previewed above it. Forget means gone: deleting is the default, and its
 * button says it cannot be undone. Archiving is offered second, saying plainly what it keeps.
 */
export function ForgetForm({
  sourceId,
  expected,
}: {
  sourceId: string;
  expected: { factIds: string[]; candidateIds: string[] };
}) {
  const router = useRouter();
  const [mode, setMode] = useState<ForgetMode>("delete");
  const [error, setError] = useState<string | null>(null);
  const [busy, startTransition] = useTransition();
  function forget() {
    setError(null);
    startTransition(async () => {
      const result = await callAction(() => forgetSourceAction({ sourceId, mode, expected }));
      if (!result.ok) {
        setError(result.message);
        return;
      }
      const { archived, deleted, kept, rejected } = result.data;
      const done = mode === "delete" ? `${plural(deleted, "fact")} deleted` : `${plural(archived, "fact")} archived`;
      toast.success(
        `Source forgotten: ${done}, ${kept} kept with other sources, ${plural(rejected, "candidate")} rejected`,
      );
      router.push(mode === "delete" ? "/facts" : `/sources/${sourceId}`);
      router.refresh();
    });
  }
  return (
    <form
      aria-label="Forget this source"
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        forget();
      }}
    >
      <ForgetModeFields
        legend="How to forget it"
        mode={mode}
        onChange={setMode}
        deleting={
          <>
            <span className="font-medium">Delete it</span>: the transcript, its runs and candidates, the facts only it
            supports, and its quotes in the facts that stay. Nothing of it is left to read. This cannot be undone.
          </>
        }
        archiving={
          <>
            <span className="font-medium">Archive instead</span>: the facts only it supports leave the fact base and can
            be brought back one by one. Archive keeps the transcript (still readable on the source page, its lines
            struck through), its runs and candidates, and its quotes in the facts that stay.
          </>
        }
      />
      <FormError message={error} />
      <div>
        <Button type="submit" variant="danger" disabled={busy}>
          {mode === "delete" ? "Delete for good" : "Archive its facts"}
        </Button>
      </div>
    </form>
  );
}
