import "server-only";
import { addManualProvenance, createFact, findActiveFactByText, recordFactRevision, snapshotOf } from "@/lib/db/facts";
import { getSettings } from "@/lib/db/settings";
import { withTransaction, type Db } from "@/lib/db/types";
import { AppError } from "@/lib/errors";
import { MANUAL_ENTRY_REASON, ManualFactInputSchema, type ManualFactInput } from "@/lib/facts/schema";
import { storedText } from "@/lib/facts/secret-choice";
import { kindOptions } from "@/lib/settings/schema";

/**
 * A fact a person enters by hand: active at once (a person is its reviewer), confidence 1, provenance
 * "manual" with their note, and a first revision naming them. The same words as an active fact are
 * refused, naming that fact: the fact base holds each fact once. The kind must be one of the settings'
 * kinds, checked here so the form and the API refuse the same things.
 */
export async function createManualFact({
  db,
  spaceId,
  input,
  reviewerId,
}: {
  db: Db;
  /** The space whose fact base it joins. */
  spaceId: string;
  input: ManualFactInput;
  reviewerId: string;
}) {
  const { note: typedNote, acknowledgeSecret, keepSecret, ...parsed } = ManualFactInputSchema.parse(input);
  // A credential in the text is stored only when the reviewer says so, and masked unless they keep it.
  const secret = { acknowledgeSecret, keepSecret };
  const fact = { ...parsed, content: storedText(parsed.content, secret) };
  const note = typedNote === undefined ? undefined : storedText(typedNote, secret, "note");
  const kinds = kindOptions(await getSettings({ db, spaceId })).map((k) => k.id);
  if (!kinds.includes(fact.kind)) {
    throw new AppError("VALIDATION", `"${fact.kind}" is not one of the fact kinds in the settings.`, {
      fieldErrors: { kind: [`Pick one of: ${kinds.join(", ")}`] },
    });
  }
  return withTransaction(db, async (tx) => {
    const same = await findActiveFactByText({ db: tx, spaceId, content: fact.content });
    if (same) {
      throw new AppError("CONFLICT", `The fact base already says this: "${same.content}".`, {
        fieldErrors: { content: [`Already a fact (${same.id})`] },
      });
    }
    const created = await createFact({ tx, fact: { ...fact, spaceId, confidence: 1, validFrom: new Date() } });
    await addManualProvenance({ tx, factId: created.id, ...(note ? { note } : {}) });
    await recordFactRevision({
      tx,
      factId: created.id,
      version: 1,
      action: "create",
      after: snapshotOf(created),
      reason: MANUAL_ENTRY_REASON,
      reviewerId,
    });
    return created;
  });
}
