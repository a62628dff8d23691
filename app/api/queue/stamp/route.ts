import { NextResponse } from "next/server";
import { requireRole } from "@/app/access";
import { toActionResult } from "@/lib/action";
import { apiError } from "@/lib/api/route";
import { getDb } from "@/lib/db/client";
import { getQueueStamp } from "@/lib/db/review-queue";
import { resolveSpace } from "@/lib/spaces/resolve";

export const dynamic = "force-dynamic";

/** Polled by an open review queue (`?space=` as its page's): when the stamp changes, someone changed the queue. */
export async function GET(request: Request) {
  const result = await toActionResult(async () => {
    const actor = await requireRole("read", true);
    const db = await getDb();
    const slug = new URL(request.url).searchParams.get("space");
    const space = await resolveSpace({ db, actor, slug, need: "read" });
    return { stamp: await getQueueStamp({ db, spaceId: space.id }) };
  });
  return result.ok ? NextResponse.json(result.data) : apiError(result);
}
