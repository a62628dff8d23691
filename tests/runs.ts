import type { Db } from "@/lib/db/types";
import { createExtractionRun } from "@/lib/db/runs";
import { createSource } from "@/lib/db/sources";
import type { Extractor } from "@/lib/extraction/types";
import { parseSource } from "@/lib/sources/parse";

/** A pasted transcript and a queued meeting run for `extractor`, as the ingest action makes them. */
export async function createPastedRun({
  db,
  text,
  extractor,
  title = "Launch sync",
}: {
  db: Db;
  text: string;
  extractor: Pick<Extractor, "name" | "modelId" | "promptVersion">;
  title?: string;
}) {
  const parsed = parseSource({ text, maxBytes: 10_000_000 });
  const source = await createSource({ db, source: { title, origin: "paste", parsed } });
  const run = await createExtractionRun({
    db,
    sourceId: source.id,
    extractor: extractor.name,
    modelId: extractor.modelId,
    promptVersion: extractor.promptVersion,
    preset: "meeting",
  });
  return { source, run };
}
