"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { createFactAction } from "@/app/facts/new/actions";
import { callAction } from "@/components/call-action";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/input";
import { KindTimeFields } from "@/components/facts/kind-time-fields";
import { Label } from "@/components/ui/label";
import type { Temporal } from "@/lib/extraction/schema";
import { FormError } from "@/components/ui/form-error";

/**
 * A fact typed in by a reviewer. The server checks it like the API does (kind in the taxonomy, not a
 * fact already); what it refuses is shown by the field it concerns, and the text stays in the box.
 */
export function NewFactForm({
  kinds,
  space,
}: {
  kinds: Array<{ id: string; label: string }>;
  /** The space it joins (slug); null for the default space. */
  space: string | null;
}) {
  const router = useRouter();
  const [content, setContent] = useState("");
  const [kind, setKind] = useState(kinds[0]?.id ?? "");
  const [temporal, setTemporal] = useState<Temporal>("present");
  const [importance, setImportance] = useState(50);
  const [note, setNote] = useState("");
  const [error, setError] = useState<{ message: string; fields: Record<string, string[]> } | null>(null);
  const [busy, startTransition] = useTransition();

  function save() {
    setError(null);
    startTransition(async () => {
      const result = await callAction(() =>
        createFactAction({
          content,
          kind,
          temporal,
          importance: importance / 100,
          ...(note.trim() ? { note } : {}),
          ...(space ? { space } : {}),
        }),
      );
      if (result.ok) {
        toast.success("Fact added to the fact base");
        router.push(`/facts/${result.data.id}`);
      } else {
        setError({ message: result.message, fields: result.fieldErrors ?? {} });
      }
    });
  }
  const fieldError = (name: string) =>
    error?.fields[name]?.length ? (
      <p id={`${name}-error`} className="text-sm text-danger">
        {error.fields[name]?.join(" ")}
      </p>
    ) : null;

  return (
    <form
      aria-label="New fact"
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor="new-fact-content">Fact</Label>
        <Textarea
          id="new-fact-content"
          className="font-sans text-base"
          value={content}
          onChange={(e) => setContent(e.target.value)}
          rows={3}
          required
          placeholder="One self-contained statement, e.g. “Invoices are kept for seven years.”"
          aria-invalid={Boolean(error?.fields.content)}
          aria-describedby={error?.fields.content ? "content-error" : undefined}
        />
        {fieldError("content")}
      </div>
      <div className="flex flex-wrap gap-4 text-sm">
        <KindTimeFields kinds={kinds} kind={kind} temporal={temporal} onKind={setKind} onTemporal={setTemporal} />
        <label className="flex items-center gap-2">
          Importance
          <Input
            type="number"
            className="w-20"
            min={0}
            max={100}
            step={5}
            value={importance}
            onChange={(e) => setImportance(Number(e.target.value))}
          />
          %
        </label>
      </div>
      {fieldError("kind")}
      <div className="flex flex-col gap-1">
        <Label htmlFor="new-fact-note">Where it comes from (optional)</Label>
        <Input
          id="new-fact-note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={500}
          placeholder="e.g. Finance handbook, section 4"
        />
      </div>
      <FormError message={error?.message} />
      <div>
        <Button type="submit" disabled={busy || content.trim().length === 0}>
          Add fact
        </Button>
      </div>
    </form>
  );
}
