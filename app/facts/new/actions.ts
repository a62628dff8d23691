"use server";
import { revalidatePath } from "next/cache";
import { parseInput, toActionResult } from "@/lib/action";
import { requireRole } from "@/app/access";
import { limitAction } from "@/app/rate-limit";
import { getDb } from "@/lib/db/client";
import { ManualFactInputSchema, type ManualFactInput } from "@/lib/facts/schema";
import { createManualFactAndRejudge } from "@/lib/jobs/decisions";

/** A fact a reviewer types in: active at once, with "entered by" provenance. */
export async function createFactAction(input: ManualFactInput) {
  return toActionResult(async () => {
    const fact = parseInput(ManualFactInputSchema, input);
    const reviewer = await requireRole("review");
    await limitAction(reviewer.id);
    const created = await createManualFactAndRejudge({ db: await getDb(), input: fact, reviewerId: reviewer.id });
    revalidatePath("/facts");
    return { id: created.id };
  });
}
