import type { Metadata } from "next";
import { NewFactForm } from "@/components/facts/new-fact-form";
import { Card, PageHeader } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { getSettings } from "@/lib/db/settings";
import { kindOptions } from "@/lib/settings/schema";
import { requireSpacePage } from "@/app/access";
import { DEFAULT_SPACE_SLUG } from "@/lib/spaces/schema";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New fact" };

/** A fact a person knows without a transcript: it skips the queue, and its page says who entered it. */
export default async function NewFactPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { space } = await requireSpacePage("review", (await searchParams).space);
  const settings = await getSettings({ db: await getDb(), spaceId: space.id });
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="New fact"
        description="Entered by hand: it joins the fact base at once, with you as its source."
      />
      <Card>
        <NewFactForm kinds={kindOptions(settings)} space={space.slug === DEFAULT_SPACE_SLUG ? null : space.slug} />
      </Card>
    </div>
  );
}
