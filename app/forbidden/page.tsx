import type { Metadata } from "next";
import { requirePage } from "@/app/access";
import { PageHeader } from "@/components/ui/card";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Not for your role" };

/** Where a page a role may not open sends it (requirePage): signed in, but not allowed. */
export default async function ForbiddenPage() {
  const viewer = await requirePage("read");
  return (
    <PageHeader
      title="Your role cannot open that page"
      description={`You are signed in as a ${viewer.role}. An admin can give your account more rights.`}
    />
  );
}
