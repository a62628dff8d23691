"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { parseInput, toActionResult } from "@/lib/action";
import { requireRole } from "@/app/access";
import { limitAction } from "@/app/rate-limit";
import { getDb } from "@/lib/db/client";
import { forgetSourceAndRejudge } from "@/lib/jobs/decisions";

const ForgetInput = z.object({
  sourceId: z.uuid(),
  mode: z.enum(["archive", "delete"]),
  /** What the reviewer saw in the preview: anything else changes nothing. */
  expected: z.object({ factIds: z.array(z.uuid()).max(10_000), candidateIds: z.array(z.uuid()).max(10_000) }),
});

export async function forgetSourceAction(input: z.input<typeof ForgetInput>) {
  return toActionResult(async () => {
    const { sourceId, mode, expected } = parseInput(ForgetInput, input);
    const reviewer = await requireRole("review");
    await limitAction(reviewer.id);
    const result = await forgetSourceAndRejudge({
      db: await getDb(),
      sourceId,
      mode,
      expected,
      reviewerId: reviewer.id,
    });
    revalidatePath("/facts");
    revalidatePath("/review");
    revalidatePath(`/sources/${sourceId}`);
    return { archived: result.archived, deleted: result.deleted, kept: result.kept, rejected: result.rejected };
  });
}
