"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { createSpaceAction } from "@/app/admin/actions";
import { callAction } from "@/components/call-action";
import { spaceHref } from "@/lib/spaces/href";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { SpaceRef } from "@/lib/spaces/schema";

export type SpaceCounts = SpaceRef & { sources: number; open: number; facts: number };

/** The installation's spaces with what each holds, and a form for a new one (instance admins). */
export function SpacesPanel({ spaces }: { spaces: SpaceCounts[] }) {
  const router = useRouter();
  const [error, setError] = useState<{ message: string; fields: Record<string, string[]> } | null>(null);
  const [busy, startTransition] = useTransition();

  function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    const input = { slug: String(data.get("slug") ?? ""), name: String(data.get("name") ?? "") };
    setError(null);
    startTransition(async () => {
      const result = await callAction(() => createSpaceAction(input));
      if (!result.ok) return setError({ message: result.message, fields: result.fieldErrors ?? {} });
      toast.success(`Created the space ${result.data.name}`);
      form.reset();
      router.refresh();
    });
  }

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <table className="w-full text-left text-sm" aria-label="Spaces">
        <thead>
          <tr className="text-muted-foreground">
            <th className="py-1 font-medium">Space</th>
            <th className="font-medium">Sources</th>
            <th className="font-medium">To review</th>
            <th className="font-medium">Facts</th>
          </tr>
        </thead>
        <tbody>
          {spaces.map((s) => (
            <tr key={s.id} className="border-t border-border">
              <td className="py-1.5">
                <a className="underline-offset-2 hover:underline" href={spaceHref("/review", s.slug)}>
                  {s.name}
                </a>{" "}
                <span className="font-mono text-muted-foreground">{s.slug}</span>{" "}
                <a
                  className="text-xs text-primary underline-offset-2 hover:underline"
                  href={spaceHref("/members", s.slug)}
                  aria-label={`Members of ${s.name}`}
                >
                  members
                </a>
              </td>
              <td>{s.sources.toLocaleString("en")}</td>
              <td>{s.open.toLocaleString("en")}</td>
              <td>{s.facts.toLocaleString("en")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form
        aria-label="New space"
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit(e.currentTarget);
        }}
      >
        <div className="flex flex-col gap-1">
          <Label htmlFor="space-name">Space name</Label>
          <Input id="space-name" name="name" required maxLength={80} placeholder="e.g. Mobile team" />
          <FormError message={error?.fields.name?.[0] ?? null} />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="space-slug">Short name in links</Label>
          <Input id="space-slug" name="slug" required maxLength={40} placeholder="e.g. mobile" />
          <FormError message={error?.fields.slug?.[0] ?? null} />
        </div>
        <FormError message={error && Object.keys(error.fields).length === 0 ? error.message : null} />
        <Button type="submit" disabled={busy}>
          Create space
        </Button>
      </form>
    </div>
  );
}
