"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { forgetSubjectAction } from "@/app/subjects/forget/actions";
import { callAction } from "@/components/call-action";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { ForgetModeFields } from "@/components/ui/forget-mode";
import type { ForgetMode } from "@/lib/facts/schema";
import { spaceHref } from "@/lib/spaces/href";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Confirms forgetting a subject as previewed above it: delete (the default, for good) or archive. */
export function ForgetSubjectForm({
  subject,
  space,
  expected,
}: {
  subject: string;
  space: string | null;
  expected: { factIds: string[]; candidateIds: string[]; sourceIds: string[] };
}) {
  const router = useRouter();
  const [mode, setMode] = useState<ForgetMode>("delete");
  const [error, setError] = useState<string | null>(null);
  const [busy, startTransition] = useTransition();
  function forget() {
    setError(null);
    startTransition(async () => {
      const input = { subject, mode, expected, ...(space ? { space } : {}) };
      const result = await callAction(() => forgetSubjectAction(input));
      if (!result.ok) return setError(result.message);
      const { archived, deleted, sourcesDeleted, rejected } = result.data;
      const done =
        mode === "delete"
          ? `${plural(deleted, "fact")} and ${plural(sourcesDeleted, "source")} deleted`
          : `${plural(archived, "fact")} archived`;
      toast.success(`${subject} forgotten: ${done}, ${plural(rejected, "candidate")} rejected`);
      router.push(spaceHref("/subjects", space));
      router.refresh();
    });
  }
  return (
    <form
      aria-label={`Forget ${subject}`}
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        forget();
      }}
    >
      <ForgetModeFields
        legend="How to forget them"
        mode={mode}
        onChange={setMode}
        deleting={
          <>
            <span className="font-medium">Delete</span>: their facts, their sources with runs and candidates, and those
            sources&apos; quotes in anyone else&apos;s facts. Nothing about them is left to read. This cannot be undone.
          </>
        }
        archiving={
          <>
            <span className="font-medium">Archive instead</span>: their facts leave the fact base and can be brought
            back one by one; their sources stay readable, and their waiting cards are rejected.
          </>
        }
      />
      <FormError message={error} />
      <div>
        <Button type="submit" variant="danger" disabled={busy}>
          {mode === "delete" ? "Delete for good" : "Archive their facts"}
        </Button>
      </div>
    </form>
  );
}
