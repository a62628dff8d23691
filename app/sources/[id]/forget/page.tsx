import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ForgetForm } from "@/components/sources/forget-form";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { PreviewSection } from "@/components/ui/preview-section";
import { getDb } from "@/lib/db/client";
import { isAppError } from "@/lib/errors";
import { previewForgetSource } from "@/lib/facts/archive";
import { FORGET_REASON } from "@/lib/facts/schema";
import { requireObjectPage } from "@/app/access";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Forget a source" };

/** The preview of forgetting a source: exactly what will change, then the choice and the confirmation. */
export default async function ForgetSourcePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) notFound();
  await requireObjectPage("review", "source", id);
  const preview = await previewForgetSource({ db: await getDb(), sourceId: id }).catch((error: unknown) => {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const { source, only, shared, openCandidates } = preview;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={`Forget “${source.title}”`} description="Nothing changes until you confirm below.">
        <Link className="text-sm text-primary hover:underline" href={`/sources/${source.id}`}>
          Back to the source
        </Link>
      </PageHeader>
      <PreviewSection
        title={`Facts only this source supports (${only.length})`}
        empty="None: no fact rests on this source alone."
      >
        {only.map((f) => (
          <li key={f.id}>
            <Link className="hover:underline" href={`/facts/${f.id}`}>
              {f.content}
            </Link>{" "}
            <Badge tone={f.status === "active" ? "success" : "warning"}>{f.status}</Badge>
          </li>
        ))}
      </PreviewSection>
      <PreviewSection
        title={`Facts that stay, with their other sources (${shared.length})`}
        empty="None: no other source supports these facts."
      >
        {shared.map((f) => (
          <li key={f.id}>
            <Link className="hover:underline" href={`/facts/${f.id}`}>
              {f.content}
            </Link>{" "}
            <span className="text-muted-foreground">
              · {f.otherProvenance} other source{f.otherProvenance === 1 ? "" : "s"}
            </span>
          </li>
        ))}
      </PreviewSection>
      <PreviewSection
        title={`Open candidates rejected as “${FORGET_REASON}” (${openCandidates.length})`}
        empty="None are waiting in the queue."
      >
        {openCandidates.map((c) => (
          <li key={c.id}>{c.content}</li>
        ))}
      </PreviewSection>
      <Card>
        <ForgetForm
          sourceId={source.id}
          expected={{ factIds: [...only, ...shared].map((f) => f.id), candidateIds: openCandidates.map((c) => c.id) }}
        />
      </Card>
    </div>
  );
}
