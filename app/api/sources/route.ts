import { after } from "next/server";
import { operations } from "@/lib/api/operations";
import { apiRoute } from "@/lib/api/route";
import { startSourceRun } from "@/lib/api/runs";
import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

/** A transcript as JSON text or a multipart file: saved, and its extraction started after the response. */
export const POST = apiRoute(operations.startSource, ({ db, body, reviewer, space }) =>
  startSourceRun({
    db,
    env: getEnv(),
    spaceId: space.id,
    fields: body,
    origin: "api",
    runInBackground: after,
    reviewerId: reviewer.id,
  }),
);
