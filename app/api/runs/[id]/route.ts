import { operations } from "@/lib/api/operations";
import { apiRoute } from "@/lib/api/route";
import { getApiRun } from "@/lib/api/runs";

export const dynamic = "force-dynamic";

/** A run's progress: for API clients, and polled by the ingest page while the run works. */
export const GET = apiRoute(operations.getRun, ({ db, params }) => getApiRun({ db, runId: params.id }));
