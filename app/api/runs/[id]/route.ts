import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client";
import { getRunProgress } from "@/lib/db/runs";

export const dynamic = "force-dynamic";

/** Progress of one extraction run, polled by the ingest page while the run works. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) return NextResponse.json({ error: "Not found" }, { status: 404 });
  const run = await getRunProgress({ db: await getDb(), runId: id });
  if (!run) return NextResponse.json({ error: "Not found" }, { status: 404 });
  return NextResponse.json(run);
}
