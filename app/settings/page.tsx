import type { Metadata } from "next";
import { Card, PageHeader } from "@/components/ui/card";
import { getEnv, resolveDataDir } from "@/lib/env";
import { formatMegabytes } from "@/lib/format";
import { PRESETS } from "@/lib/extraction/kinds";
import { DEFAULT_TEMPLATE } from "@/lib/extraction/llm/prompt";
import { configuredModelId } from "@/lib/models";
import { chunkTokensFor } from "@/lib/models/context";
import { SettingsForm } from "@/components/settings/settings-form";
import { getDb } from "@/lib/db/client";
import { getSettings } from "@/lib/db/settings";
import { getLearningSummary } from "@/lib/db/learned-models";
import { getCutoffSummary } from "@/lib/db/learned-cutoff";
import { LearningCard } from "@/components/settings/learning-card";
import { presetOptions } from "@/lib/settings/schema";
import { requireSpacePage } from "@/app/access";
import { listSpaces } from "@/lib/db/spaces";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Settings" };

/**
 * A space's settings (issue 27: `?space=`, else the person's default space) and what its learning serves: its
 * admins' page (and the instance admins'). How the instance runs (database, model, limits) is the instance admins'.
 */
export default async function SettingsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { viewer, space } = await requireSpacePage("admin", (await searchParams).space);
  const env = getEnv();
  const db = await getDb();
  const spaceId = space.id;
  const [settings, spaces] = await Promise.all([getSettings({ db, spaceId }), listSpaces({ db })]);
  const [learning, cutoff] = await Promise.all([
    getLearningSummary({ db, spaceId }),
    getCutoffSummary({ db, spaceId, settings }),
  ]);
  // Named in every save and reset, so they act on the space shown, whatever the caller's default one is.
  const slug = space.slug;
  const modelId = configuredModelId(env);
  // What a new run gets: SIFT_CHUNK_TOKENS when set, else the configured model's (or the offline extractor's).
  const chunkTokens = chunkTokensFor(env, modelId);
  const rows: [string, string][] = [
    [
      "Database",
      env.DATABASE_URL ? "PostgreSQL server (DATABASE_URL)" : `Embedded PostgreSQL (PGlite) in ${resolveDataDir(env)}`,
    ],
    ["Extractor", modelId ? `LLM: ${modelId}` : "Offline NLP extractor (no model configured)"],
    ["Upload limit", formatMegabytes(env.SIFT_MAX_UPLOAD_BYTES)],
    ["Chunk budget", `${chunkTokens.toLocaleString("en")} tokens, ${env.SIFT_LLM_CONCURRENCY} chunks at a time`],
  ];
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={spaces.length > 1 ? `Settings of ${space.name}` : "Settings"}
        description={
          (spaces.length > 1 ? "Each space has its own settings and learns from its own reviewers. " : "") +
          "Environment variables are listed in docs/configuration.md."
        }
      />
      {!viewer.accounts || viewer.role === "admin" ? (
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
      ) : null}
      <div className="mt-6">
        <SettingsForm
          space={slug}
          initial={settings}
          defaultTemplate={DEFAULT_TEMPLATE}
          presets={Object.values(PRESETS).map((p) => ({ id: p.id, label: p.label }))}
        />
      </div>
      <div className="mt-6">
        <LearningCard space={slug} summary={learning} cutoff={cutoff} />
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
