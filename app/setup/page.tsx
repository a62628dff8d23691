import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { UserForm } from "@/components/auth/user-form";
import { PageHeader } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { hasAccounts } from "@/lib/db/accounts";
import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Set up Sift" };

/** Exists only on a fresh accounts-mode instance: the first visitor becomes its admin. */
export default async function SetupPage() {
  if (getEnv().SIFT_AUTH !== "accounts") redirect("/");
  if (await hasAccounts({ db: await getDb() })) redirect("/login");
  return (
    <div className="mx-auto max-w-sm">
      <PageHeader
        title="Create the admin"
        description="Nobody can sign in yet. The account you create here is the admin, who adds everyone else."
      />
      <UserForm purpose="setup" />
    </div>
  );
}
