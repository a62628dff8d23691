import type { Metadata } from "next";
import { requirePage } from "@/app/access";
import { NewTokenForm, TokenTable } from "@/components/admin/tokens";
import { UserForm } from "@/components/auth/user-form";
import { Card, PageHeader } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { listAgentTokens, listUsers } from "@/lib/db/accounts";
import { signInLockedFor } from "@/lib/security/sign-in";
import { UnlockButton } from "@/components/admin/unlock-button";
import { SpacesPanel } from "@/components/admin/spaces";
import { listSpaceCounts } from "@/lib/db/spaces";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Users and tokens" };

export default async function AdminPage() {
  const viewer = await requirePage("admin");
  const db = await getDb();
  const [users, tokens, spaces] = await Promise.all([
    viewer.accounts ? listUsers({ db }) : [],
    listAgentTokens({ db }),
    listSpaceCounts({ db }),
  ]);
  // Accounts locked by failed sign-ins (lib/security/sign-in.ts), with the minutes left: an admin may lift it.
  const locked = new Map(
    await Promise.all(
      users.map(async (u) => [u.id, u.email ? await signInLockedFor({ db, email: u.email }) : 0] as const),
    ),
  );
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Users and tokens" description="Who may sign in, and the tokens agents and scripts use." />
      {viewer.accounts ? (
        <section aria-labelledby="users-heading" className="mb-8">
          <h2 id="users-heading" className="mb-2 text-lg font-semibold">
            Users
          </h2>
          <div className="grid gap-4 md:grid-cols-2">
            <Card>
              <ul aria-label="Users" className="flex flex-col gap-1 text-sm">
                {users.map((u) => (
                  <li key={u.id}>
                    <span className="font-medium">{u.name}</span> · {u.email} ·{" "}
                    <span className="text-muted-foreground">{u.role}</span>
                    {u.email && locked.get(u.id) ? (
                      <UnlockButton email={u.email} name={u.name} minutes={Math.ceil(locked.get(u.id)! / 60)} />
                    ) : null}
                  </li>
                ))}
              </ul>
            </Card>
            <Card>
              <UserForm purpose="admin" />
            </Card>
          </div>
        </section>
      ) : (
        <p className="mb-6 text-sm text-muted-foreground">
          Accounts are off (SIFT_AUTH=local): this machine&apos;s one reviewer uses Sift without signing in. Tokens
          still guard the API and MCP for agents.
        </p>
      )}
      <section aria-labelledby="spaces-heading" className="mb-8">
        <h2 id="spaces-heading" className="mb-1 text-lg font-semibold">
          Spaces
        </h2>
        <p className="mb-2 text-sm text-muted-foreground">
          Separate fact bases: a space&apos;s sources, queue and facts are matched, searched and exported on their own,
          and a token reaches only the spaces it names.
        </p>
        <Card>
          <SpacesPanel spaces={spaces} />
        </Card>
      </section>
      <section aria-labelledby="tokens-heading">
        <h2 id="tokens-heading" className="mb-2 text-lg font-semibold">
          Agent tokens
        </h2>
        <Card className="mb-4">
          <NewTokenForm spaces={spaces} />
        </Card>
        <TokenTable tokens={tokens} />
      </section>
    </div>
  );
}
