import type { Metadata } from "next";
import { IngestForm } from "@/components/ingest/ingest-form";
import { PageHeader } from "@/components/ui/card";
import { getEnv } from "@/lib/env";
import { presetOptions } from "@/lib/settings/schema";
import { configuredModelId } from "@/lib/models";
import { getDb } from "@/lib/db/client";
import { getSettings } from "@/lib/db/settings";
import { requireSpacePage } from "@/app/access";
import { DEFAULT_SPACE_SLUG } from "@/lib/spaces/schema";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Ingest" };

export default async function IngestPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { space } = await requireSpacePage("propose", (await searchParams).space);
  const env = getEnv();
  const settings = await getSettings({ db: await getDb(), spaceId: space.id });
  const modelId = configuredModelId(env);
  const presets = presetOptions(settings).map((p) => ({
    id: p.id,
    label: p.label,
    kinds: p.kinds.map((k) => k.label),
  }));
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Ingest"
        description="Paste a transcript or upload a file; Sift proposes facts for you to review."
      />
      <IngestForm
        space={space.slug === DEFAULT_SPACE_SLUG ? null : space.slug}
        presets={presets}
        maxBytes={env.SIFT_MAX_UPLOAD_BYTES}
        defaultPreset={settings.defaultPreset}
        extractorLabel={
          modelId ? `Using the LLM extractor (${modelId})` : "No model configured: the offline extractor will run"
        }
      />
    </div>
  );
}
