"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { createTokenAction, revokeTokenAction } from "@/app/admin/actions";
import { callAction } from "@/components/call-action";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { TOKEN_SCOPES, type TokenRow, type TokenScope } from "@/lib/accounts/schema";
import { FormError } from "@/components/ui/form-error";
import type { SpaceRef } from "@/lib/spaces/schema";

const SCOPE_HELP: Record<TokenScope, string> = {
  read: "search and read facts, runs, candidates",
  propose: "add sources and propose facts to the queue",
  review: "approve, reject and edit",
};

/** A new agent token; its value is shown here once and never again. */
export function NewTokenForm({ spaces = [] }: { spaces?: SpaceRef[] }) {
  const router = useRouter();
  const [issued, setIssued] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, startTransition] = useTransition();

  function submit(form: FormData) {
    const input = {
      name: String(form.get("name") ?? ""),
      scopes: form.getAll("scopes").map(String) as TokenScope[],
      spaces: form.getAll("spaces").map(String),
    };
    setError(null);
    startTransition(async () => {
      const result = await callAction(() => createTokenAction(input));
      if (!result.ok) return setError(result.message);
      setIssued(result.data.token);
      router.refresh();
    });
  }

  return (
    <div className="flex flex-col gap-3">
      <form
        aria-label="New agent token"
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit(new FormData(e.currentTarget));
        }}
      >
        <div className="flex flex-col gap-1">
          <Label htmlFor="token-name">Token name</Label>
          <Input id="token-name" name="name" required maxLength={100} placeholder="e.g. meeting-notes agent" />
        </div>
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="mb-1 font-medium">Scopes</legend>
          {TOKEN_SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-2">
              <input type="checkbox" name="scopes" value={scope} defaultChecked={scope !== "review"} />
              <span className="font-mono">{scope}</span>
              <span className="text-muted-foreground">— {SCOPE_HELP[scope]}</span>
            </label>
          ))}
        </fieldset>
        {spaces.length > 1 ? (
          <fieldset className="flex flex-col gap-1 text-sm">
            <legend className="mb-1 font-medium">Spaces it reaches</legend>
            {spaces.map((space) => (
              <label key={space.id} className="flex items-center gap-2">
                <input type="checkbox" name="spaces" value={space.slug} defaultChecked={space.slug === "default"} />
                {space.name}
              </label>
            ))}
          </fieldset>
        ) : null}
        <FormError message={error} />
        <Button type="submit" disabled={busy}>
          Create token
        </Button>
      </form>
      {issued ? (
        <div role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
          <p className="font-medium">Copy this token now: Sift keeps only its hash and cannot show it again.</p>
          <code aria-label="New token" className="mt-1 block break-all font-mono">
            {issued}
          </code>
        </div>
      ) : null}
    </div>
  );
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en") : "never");

/** Tokens with their scopes and last use; a live one can be revoked. */
export function TokenTable({ tokens }: { tokens: TokenRow[] }) {
  const router = useRouter();
  const [busy, startTransition] = useTransition();
  if (tokens.length === 0) return <p className="text-sm text-muted-foreground">No tokens yet.</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead>
        <tr className="text-muted-foreground">
          <th className="py-1 font-medium">Name</th>
          <th className="font-medium">Scopes</th>
          <th className="font-medium">Spaces</th>
          <th className="font-medium">Created</th>
          <th className="font-medium">Last used</th>
          <th className="font-medium">
            <span className="sr-only">Revoke</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((t) => (
          <tr key={t.id} data-testid={`token-${t.id}`} className="border-t border-border">
            <td className="py-1.5">
              {t.name} <span className="font-mono text-muted-foreground">{t.prefix}…</span>
            </td>
            <td className="font-mono">{t.scopes.join(", ")}</td>
            <td>{t.spaces.join(", ")}</td>
            <td>
              {when(t.createdAt)} by {t.createdBy}
            </td>
            <td>{when(t.lastUsedAt)}</td>
            <td>
              {t.revokedAt ? (
                <span className="text-muted-foreground">revoked</span>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  aria-label={`Revoke ${t.name}`}
                  onClick={() =>
                    startTransition(async () => {
                      const result = await callAction(() => revokeTokenAction({ id: t.id }));
                      if (result.ok) toast.success(`Revoked ${t.name}`);
                      else toast.error(result.message);
                      router.refresh();
                    })
                  }
                >
                  Revoke
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
