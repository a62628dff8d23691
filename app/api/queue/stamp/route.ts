import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client";
import { getQueueStamp } from "@/lib/db/review-queue";

export const dynamic = "force-dynamic";

/** Polled by an open review queue: when the stamp changes, someone changed the queue. */
export async function GET() {
  return NextResponse.json({ stamp: await getQueueStamp({ db: await getDb() }) });
}
