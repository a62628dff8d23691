"use server";
import { z } from "zod";
import { defineSpaceAction } from "@/app/define-action";
import { FactSchema, SecretChoiceSchema, VersionSchema } from "@/lib/facts/schema";
import { editAndRejudge, restoreAndRejudge, setFactArchivedAndRejudge } from "@/lib/jobs/decisions";

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
