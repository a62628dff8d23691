import { log } from "@/lib/log";
import type { NextRequest } from "next/server";
import { requireRole } from "@/app/access";
import { toActionResult } from "@/lib/action";
import { apiError } from "@/lib/api/route";
import { getDb } from "@/lib/db/client";
import { iterateFacts } from "@/lib/db/fact-export";
import { createExportWriter, EXPORT_FORMATS, EXPORT_TYPES, type ExportFormat } from "@/lib/facts/export";
import { parseFactQuery } from "@/lib/facts/query";
import { resolveSpace } from "@/lib/spaces/resolve";

export const dynamic = "force-dynamic";

/**
 * The facts of a search (the same query string as /facts) as a download: `format` json, jsonl, csv or md.
 * Streamed a thousand facts at a time (a cursor on PostgreSQL, the ids in a held cursor on PGlite, the next batch
 * read while one is written: lib/db/fact-export.ts), so a large fact base never sits in memory.
 */
export async function GET(request: NextRequest) {
  const params = Object.fromEntries(request.nextUrl.searchParams);
  const query = parseFactQuery(params);
  const db = await getDb();
  // The space named (a space the caller may not reach is "not found", as one that does not exist).
  const access = await toActionResult(async () => {
    const actor = await requireRole("read", true);
    return resolveSpace({ db, actor, slug: query.space, need: "read" });
  });
  if (!access.ok) return apiError(access);
  const format: ExportFormat = (EXPORT_FORMATS as readonly string[]).includes(params.format ?? "")
    ? (params.format as ExportFormat)
    : "json";
  const writer = createExportWriter(format);
  const batches = iterateFacts({ db, spaceId: access.data.id, query, byKind: format === "md" });
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(writer.start()));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) {
          controller.enqueue(encoder.encode(writer.end()));
          controller.close();
        } else {
          controller.enqueue(encoder.encode(writer.batch(next.value)));
        }
      } catch (error) {
        log.error({ err: error }, "export failed");
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "Content-Type": EXPORT_TYPES[format],
      "Content-Disposition": `attachment; filename="sift-facts-${day}.${format}"`,
      "Cache-Control": "no-store",
    },
  });
}
