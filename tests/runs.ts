import { buildRunPayload, type RunPayload } from "@/lib/chain/payload";
import type { Db } from "@/lib/db/types";
import { getEnv } from "@/lib/env";
import { createQueuedRun } from "@/lib/jobs/start-extraction";
import { DEFAULT_SETTINGS } from "@/lib/settings/schema";
import { parseSource } from "@/lib/sources/parse";

/** A pasted transcript and a queued meeting run, made as the ingest action makes them (payload and all). */
export async function createPastedRun({
  db,
  text,
  title = "Launch sync",
  origin = "paste",
  spaceId,
  preset = "meeting",
}: {
  db: Db;
  text: string;
  title?: string;
  origin?: "paste" | "agent";
  /** The default space when absent. */
  spaceId?: string;
  /** null: the space's settings' default preset. */
  preset?: string | null;
}) {
  const parsed = parseSource({ text, maxBytes: 10_000_000 });
  const { runId, sourceId } = await createQueuedRun({
    db,
    env: getEnv(),
    source: { title, origin, parsed },
    preset: preset ?? undefined,
    mode: "offline",
    spaceId,
  });
  const run = await db.extractionRun.findUniqueOrThrow({ where: { id: runId } });
  const source = await db.source.findUniqueOrThrow({ where: { id: sourceId } });
  return { source, run };
}

/** A run payload with the default settings, for tests that write run rows themselves. */
export function testRunPayload(extractor: "offline" | "llm" = "offline"): RunPayload {
  return buildRunPayload({
    source: { origin: "paste" },
    extractor: { mode: extractor, modelId: extractor === "llm" ? "openai:gpt-4o-mini" : null },
    preset: "meeting",
    settings: DEFAULT_SETTINGS,
    knownFacts: [],
    chunkTokens: 3_000,
  });
}
