import type { Metadata } from "next";
import { Card, PageHeader } from "@/components/ui/card";
import { getEnv, resolveDataDir } from "@/lib/env";
import { formatMegabytes } from "@/lib/format";
import { PRESETS } from "@/lib/extraction/kinds";
import { DEFAULT_TEMPLATE } from "@/lib/extraction/llm/prompt";
import { configuredModelId } from "@/lib/models";
import { SettingsForm } from "@/components/settings/settings-form";
import { getDb } from "@/lib/db/client";
import { getSettings } from "@/lib/db/settings";
import { getLearningSummary } from "@/lib/db/learned-models";
import { getCutoffSummary } from "@/lib/db/learned-cutoff";
import { LearningCard } from "@/components/settings/learning-card";
import { presetOptions } from "@/lib/settings/schema";
import { requirePage } from "@/app/access";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  await requirePage("admin");
  const env = getEnv();
  const db = await getDb();
  const settings = await getSettings({ db });
  const [learning, cutoff] = await Promise.all([getLearningSummary({ db }), getCutoffSummary({ db, settings })]);
  const modelId = configuredModelId(env);
  const rows: [string, string][] = [
    [
      "Database",
      env.DATABASE_URL ? "PostgreSQL server (DATABASE_URL)" : `Embedded PostgreSQL (PGlite) in ${resolveDataDir(env)}`,
    ],
    ["Extractor", modelId ? `LLM: ${modelId}` : "Offline NLP extractor (no model configured)"],
    ["Upload limit", formatMegabytes(env.SIFT_MAX_UPLOAD_BYTES)],
    ["Chunk budget", `${env.SIFT_CHUNK_TOKENS} tokens, ${env.SIFT_LLM_CONCURRENCY} chunks at a time`],
  ];
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Settings"
        description="How this Sift instance is configured. Environment variables are listed in docs/configuration.md."
      />
      <Card>
        <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium">{k}</dt>
              <dd className="text-muted-foreground">{v}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <div className="mt-6">
        <SettingsForm
          initial={settings}
          defaultTemplate={DEFAULT_TEMPLATE}
          presets={Object.values(PRESETS).map((p) => ({ id: p.id, label: p.label }))}
        />
      </div>
      <div className="mt-6">
        <LearningCard summary={learning} cutoff={cutoff} />
      </div>
      <h2 className="mb-2 mt-8 text-lg font-semibold">Kinds</h2>
      <div className="grid gap-4 md:grid-cols-3">
        {presetOptions(settings).map((preset) => (
          <Card key={preset.id}>
            <h3 className="font-medium">{preset.label}</h3>
            <ul className="mt-2 flex flex-col gap-1.5 text-sm">
              {preset.kinds.map((k) => (
                <li key={k.id}>
                  <span className="font-medium">{k.label}</span>{" "}
                  <span className="text-muted-foreground">— {k.definition}</span>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </div>
  );
}
