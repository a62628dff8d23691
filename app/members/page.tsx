import type { Metadata } from "next";
import { requireSpacePage } from "@/app/access";
import { MembersPanel } from "@/components/admin/members";
import { Card, PageHeader } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { listAddableMembers, listInstanceAdmins, listSpaceMembers } from "@/lib/db/members";
import { DEFAULT_SPACE_SLUG } from "@/lib/spaces/schema";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Members" };

/** Who may open a space and what each may do there: its admins' page (and the instance admins'). */
export default async function MembersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { viewer, space } = await requireSpacePage("admin", (await searchParams).space);
  const db = await getDb();
  const [members, addable, admins] = await Promise.all([
    listSpaceMembers({ db, spaceId: space.id }),
    listAddableMembers({ db, spaceId: space.id }),
    listInstanceAdmins({ db }),
  ]);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={`Members of ${space.name}`}
        description={
          "Who may open this space, and what each may do in it: viewers read, reviewers also add sources and " +
          "decide, admins also manage its members. To anyone not listed, the space does not exist."
        }
      />
      {viewer.accounts ? (
        <Card>
          <MembersPanel
            space={space.slug === DEFAULT_SPACE_SLUG ? null : space.slug}
            members={members}
            addable={addable}
            instanceAdmins={admins.map((a) => a.name)}
          />
        </Card>
      ) : (
        <p className="text-sm text-muted-foreground">
          Accounts are off (SIFT_AUTH=local): this machine&apos;s one reviewer owns every space. Members matter once
          people sign in (SIFT_AUTH=accounts).
        </p>
      )}
    </div>
  );
}
