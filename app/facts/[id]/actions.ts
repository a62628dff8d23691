"use server";
import { z } from "zod";
import { defineSpaceAction } from "@/app/define-action";
import { FactSchema, MoveFactInputSchema, SecretChoiceSchema, VersionSchema } from "@/lib/facts/schema";
import { editAndRejudge, moveFactAndRejudge, restoreAndRejudge, setFactArchivedAndRejudge } from "@/lib/jobs/decisions";

/** A fact's page and the fact base list show what these change. */
const factPages = ({ factId }: { factId: string }) => [`/facts/${factId}`, "/facts"];

const EditInput = z.object({
  factId: z.uuid(),
  /** The version the reviewer opened: a newer one refuses the edit (CONFLICT). */
  version: VersionSchema,
  edits: FactSchema.pick({ content: true, kind: true, temporal: true, importance: true }).partial(),
  ...SecretChoiceSchema.shape,
});

export const editFactAction = defineSpaceAction({
  input: EditInput,
  need: "review",
  space: (input) => ({ kind: "fact", id: input.factId }),
  revalidate: factPages,
  run: async ({ input: { factId, version, edits, ...secret }, actor, db }) => {
    const { fact } = await editAndRejudge({
      db,
      factId,
      expectedVersion: version,
      edits,
      reviewerId: actor.id,
      secret,
    });
    return { version: fact.version };
  },
});

const RestoreInput = z.object({
  factId: z.uuid(),
  version: VersionSchema,
  /** The version to say again. */
  restore: VersionSchema,
});

export const restoreFactAction = defineSpaceAction({
  input: RestoreInput,
  need: "review",
  space: (input) => ({ kind: "fact", id: input.factId }),
  revalidate: factPages,
  run: async ({ input: { factId, version, restore }, actor, db }) => {
    const { fact } = await restoreAndRejudge({
      db,
      factId,
      expectedVersion: version,
      version: restore,
      reviewerId: actor.id,
    });
    return { version: fact.version };
  },
});

const ArchiveInput = z.object({
  factId: z.uuid(),
  version: VersionSchema,
  /** true archives, false brings the fact back. */
  archived: z.boolean(),
});

export const archiveFactAction = defineSpaceAction({
  input: ArchiveInput,
  need: "review",
  space: (input) => ({ kind: "fact", id: input.factId }),
  revalidate: factPages,
  run: async ({ input: { factId, version, archived }, actor, db }) => {
    const fact = await setFactArchivedAndRejudge({
      db,
      factId,
      expectedVersion: version,
      archived,
      reviewerId: actor.id,
    });
    return { version: fact.version, status: fact.status };
  },
});

/**
 * Moves or copies a fact to another space: the caller must review in the fact's space (checked here) and in the
 * target (checked by moveFact, with a target it cannot reach answered as a space that does not exist).
 */
export const moveFactAction = defineSpaceAction({
  input: MoveFactInputSchema,
  need: "review",
  space: (input) => ({ kind: "fact", id: input.factId }),
  revalidate: factPages,
  run: async ({ input: { factId, version, space, mode }, actor, db }) => {
    const result = await moveFactAndRejudge({ db, actor, factId, expectedVersion: version, toSpace: space, mode });
    return {
      mode: result.mode,
      factId: result.factId,
      version: result.version,
      space: result.to.slug,
      droppedRelations: result.droppedRelations,
      message: result.message,
    };
  },
});
