import type { Metadata } from "next";
import { requirePage } from "@/app/access";
import { EmptyState } from "@/components/ui/card";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Not for your role" };

/** Where a page a role may not open sends it (requirePage): signed in, but not allowed. */
export default async function ForbiddenPage() {
  const viewer = await requirePage("read");
  return (
    <EmptyState title="Your role cannot open that page">
      You are signed in as a {viewer.role}. An admin can change what your account may do.
    </EmptyState>
  );
}
