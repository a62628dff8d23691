import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireSpacePage } from "@/app/access";
import { ForgetSubjectForm } from "@/components/subjects/forget-subject-form";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { PreviewSection } from "@/components/ui/preview-section";
import { getDb } from "@/lib/db/client";
import { factSearch } from "@/lib/facts/query";
import { previewForgetSubject } from "@/lib/facts/forget-subject";
import { FORGET_REASON } from "@/lib/facts/schema";
import { DEFAULT_SPACE_SLUG } from "@/lib/spaces/schema";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Forget a subject" };

/** The preview of forgetting everything about a subject: exactly what will change, then the confirmation. */
export default async function ForgetSubjectPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const { space } = await requireSpacePage("review", params.space);
  const subject = (Array.isArray(params.subject) ? params.subject[0] : params.subject)?.trim();
  if (!subject) notFound();
  const plan = await previewForgetSubject({ db: await getDb(), spaceId: space.id, subject });
  if (plan.facts.length === 0 && plan.sources.length === 0) notFound();
  const inSpace = space.slug === DEFAULT_SPACE_SLUG ? undefined : space.slug;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={`Forget ${subject}`}
        description="Everything about them here. Nothing changes until you confirm below."
      >
        <Link
          className="text-sm text-primary hover:underline"
          href={`/facts${factSearch({ space: inSpace, subject })}`}
        >
          Back to their facts
        </Link>
      </PageHeader>
      <PreviewSection title={`Facts about ${subject} (${plan.facts.length})`} empty="None.">
        {plan.facts.map((f) => (
          <li key={f.id}>
            <Link className="hover:underline" href={`/facts/${f.id}`}>
              {f.content}
            </Link>{" "}
            <Badge tone={f.status === "active" ? "success" : "warning"}>{f.status}</Badge>
          </li>
        ))}
      </PreviewSection>
      <PreviewSection title={`Sources about ${subject} (${plan.sources.length})`} empty="None.">
        {plan.sources.map((s) => (
          <li key={s.id}>
            <Link className="hover:underline" href={`/sources/${s.id}`}>
              {s.title}
            </Link>
          </li>
        ))}
      </PreviewSection>
      <PreviewSection
        title={`Open candidates rejected as “${FORGET_REASON}” (${plan.openCandidates.length})`}
        empty="None are waiting in the queue."
      >
        {plan.openCandidates.map((c) => (
          <li key={c.id}>{c.content}</li>
        ))}
      </PreviewSection>
      <PreviewSection
        title={`Facts about others that quote these sources (${plan.shared.length})`}
        empty="None: no one else's fact quotes them."
      >
        {plan.shared.map((f) => (
          <li key={f.id}>
            <Link className="hover:underline" href={`/facts/${f.id}`}>
              {f.content}
            </Link>
          </li>
        ))}
      </PreviewSection>
      <Card>
        <ForgetSubjectForm
          subject={subject}
          space={inSpace ?? null}
          expected={{
            factIds: plan.facts.map((f) => f.id),
            candidateIds: plan.openCandidates.map((c) => c.id),
            sourceIds: plan.sources.map((s) => s.id),
          }}
        />
      </Card>
    </div>
  );
}
