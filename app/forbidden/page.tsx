import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentViewer } from "@/app/access";
import { PageHeader } from "@/components/ui/card";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Not for your role" };

/**
 * Where a page a role may not open sends it (requirePage, requireSpacePage): signed in, but not allowed. It
 * asks only that someone is signed in, so a person in no space yet lands here rather than in a loop.
 */
export default async function ForbiddenPage() {
  const viewer = await currentViewer();
  if (!viewer) redirect("/login");
  return (
    <PageHeader
      title="Your role cannot open that page"
      description={
        viewer.allows.includes("read")
          ? "Your role in this space does not allow it. An admin can give your account more rights."
          : "You are not a member of any space yet. An admin can add you to one."
      }
    />
  );
}
