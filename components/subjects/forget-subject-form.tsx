"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { forgetSubjectAction } from "@/app/subjects/forget/actions";
import { callAction } from "@/components/call-action";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
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
  const [mode, setMode] = useState<"archive" | "delete">("delete");
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
      <fieldset className="flex flex-col gap-3 text-sm">
        <legend className="mb-1 font-medium">How to forget them</legend>
        <label className="flex items-start gap-2">
          <input type="radio" name="mode" checked={mode === "delete"} onChange={() => setMode("delete")} />
          <span>
            <span className="font-medium">Delete</span>: their facts, their sources with runs and candidates, and those
            sources&apos; quotes in anyone else&apos;s facts. Nothing about them is left to read. This cannot be undone.
          </span>
        </label>
        <label className="flex items-start gap-2">
          <input type="radio" name="mode" checked={mode === "archive"} onChange={() => setMode("archive")} />
          <span>
            <span className="font-medium">Archive instead</span>: their facts leave the fact base and can be brought
            back one by one; their sources stay readable, and their waiting cards are rejected.
          </span>
        </label>
      </fieldset>
      <FormError message={error} />
      <div>
        <Button type="submit" variant="danger" disabled={busy}>
          {mode === "delete" ? "Delete for good" : "Archive their facts"}
        </Button>
      </div>
    </form>
  );
}
