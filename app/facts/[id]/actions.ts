"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { parseInput, toActionResult } from "@/lib/action";
import { requireRole } from "@/app/access";
import { limitAction } from "@/app/rate-limit";
import { getDb } from "@/lib/db/client";
import { FactSchema, VersionSchema } from "@/lib/facts/schema";
import { editAndRejudge, restoreAndRejudge, setFactArchivedAndRejudge } from "@/lib/jobs/decisions";

const EditInput = z.object({
  factId: z.uuid(),
  /** The version the reviewer opened: a newer one refuses the edit (CONFLICT). */
  version: VersionSchema,
  edits: FactSchema.pick({ content: true, kind: true, temporal: true, importance: true }).partial(),
});

export async function editFactAction(input: z.input<typeof EditInput>) {
  return toActionResult(async () => {
    const { factId, version, edits } = parseInput(EditInput, input);
    const reviewer = await requireRole("review");
    await limitAction(reviewer.id);
    const { fact } = await editAndRejudge({
      db: await getDb(),
      factId,
      expectedVersion: version,
      edits,
      reviewerId: reviewer.id,
    });
    revalidatePath(`/facts/${factId}`);
    revalidatePath("/facts");
    return { version: fact.version };
  });
}

const RestoreInput = z.object({
  factId: z.uuid(),
  version: VersionSchema,
  /** The version to say again. */
  restore: VersionSchema,
});

export async function restoreFactAction(input: z.input<typeof RestoreInput>) {
  return toActionResult(async () => {
    const { factId, version, restore } = parseInput(RestoreInput, input);
    const reviewer = await requireRole("review");
    await limitAction(reviewer.id);
    const { fact } = await restoreAndRejudge({
      db: await getDb(),
      factId,
      expectedVersion: version,
      version: restore,
      reviewerId: reviewer.id,
    });
    revalidatePath(`/facts/${factId}`);
    revalidatePath("/facts");
    return { version: fact.version };
  });
}

const ArchiveInput = z.object({
  factId: z.uuid(),
  version: VersionSchema,
  /** true archives, false brings the fact back. */
  archived: z.boolean(),
});

export async function archiveFactAction(input: z.input<typeof ArchiveInput>) {
  return toActionResult(async () => {
    const { factId, version, archived } = parseInput(ArchiveInput, input);
    const reviewer = await requireRole("review");
    await limitAction(reviewer.id);
    const fact = await setFactArchivedAndRejudge({
      db: await getDb(),
      factId,
      expectedVersion: version,
      archived,
      reviewerId: reviewer.id,
    });
    revalidatePath(`/facts/${factId}`);
    revalidatePath("/facts");
    return { version: fact.version, status: fact.status };
  });
}
