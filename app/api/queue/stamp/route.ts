import { NextResponse } from "next/server";
import { requireRole } from "@/app/access";
import { toActionResult } from "@/lib/action";
import { apiError } from "@/lib/api/route";
import { getDb } from "@/lib/db/client";
import { getQueueStamp } from "@/lib/db/review-queue";

export const dynamic = "force-dynamic";

/** Polled by an open review queue: when the stamp changes, someone changed the queue. */
export async function GET() {
  const access = await toActionResult(() => requireRole("read"));
  if (!access.ok) return apiError(access);
  return NextResponse.json({ stamp: await getQueueStamp({ db: await getDb() }) });
}
