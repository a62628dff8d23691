import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentViewer } from "@/app/access";
import { LoginForm } from "@/components/auth/login-form";
import { PageHeader } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { hasAccounts } from "@/lib/db/accounts";
import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage() {
  if (getEnv().SIFT_AUTH !== "accounts") redirect("/");
  if (!(await hasAccounts({ db: await getDb() }))) redirect("/setup");
  if (await currentViewer()) redirect("/");
  return (
    <div className="mx-auto max-w-sm">
      <PageHeader title="Sign in" description="Sift keeps a reviewed fact base; sign in to read or review it." />
      <LoginForm />
    </div>
  );
}
