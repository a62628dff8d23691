import "server-only";
import { getFact, getRevisionSnapshot, recordFactRevision, snapshotOf, updateActiveFact } from "@/lib/db/facts";
import { parseStoredJson } from "@/lib/db/stored-json";
import { withTransaction, type Db } from "@/lib/db/types";
import { AppError } from "@/lib/errors";
import { FactSnapshotSchema, FactKindAndTimeSchema, type Fact, type SecretChoice } from "@/lib/facts/schema";
import { storedText } from "@/lib/facts/secret-choice";

export type FactEdits = Partial<Pick<Fact, "content" | "kind" | "temporal" | "importance">>;

/**
 * A reviewer's edit of an active fact, only if it is still at the version they opened: the fact's new
 * attributes, its next version and a revision with both sides, in one transaction. A stale edit never
 * overwrites: it fails with CONFLICT, and the message gives the text that is there now.
 */
export async function editFact({
  db,
  factId,
  expectedVersion,
  edits,
  reviewerId,
  action = "edit",
  reason = "Edited",
  secret,
}: {
  db: Db;
  factId: string;
  expectedVersion: number;
  edits: FactEdits;
  reviewerId: string;
  action?: "edit" | "restore";
  reason?: string;
  /** The reviewer's answer when the new text holds a credential (refused without one). */
  secret?: SecretChoice;
}) {
  const typed = edits.content === undefined ? edits : { ...edits, content: storedText(edits.content, secret) };
  return withTransaction(db, async (tx) => {
    const before = await getFact({ db: tx, factId });
    if (!before) throw new AppError("NOT_FOUND", "This fact no longer exists.");
    const fact =
      before.version === expectedVersion
        ? await updateActiveFact({ tx, factId, version: expectedVersion, data: typed })
        : null;
    if (!fact) {
      const now = await getFact({ db: tx, factId });
      throw new AppError(
        "CONFLICT",
        now?.status === "active"
          ? `This fact was changed since you opened it (now version ${now.version}): "${now.content}". ` +
              "Your edit was not saved; look at the new text and edit again."
          : `This fact is ${now?.status ?? "gone"} now; it can no longer be edited.`,
      );
    }
    await recordFactRevision({
      tx,
      factId,
      version: fact.version,
      action,
      before: snapshotOf(before),
      after: snapshotOf(fact),
      reason,
      reviewerId,
    });
    return { fact, previousContent: before.content };
  });
}

/** Makes a fact say again what it said at `version`: a new revision ("restore"), history untouched. */
export async function restoreFactVersion({
  db,
  factId,
  expectedVersion,
  version,
  reviewerId,
}: {
  db: Db;
  factId: string;
  expectedVersion: number;
  version: number;
  reviewerId: string;
}) {
  const revision = await getRevisionSnapshot({ db, factId, version });
  const snapshot = revision
    ? parseStoredJson(FactSnapshotSchema, revision.after, { table: "FactRevision", column: "after", id: revision.id })
    : null;
  if (!snapshot) throw new AppError("NOT_FOUND", `Version ${version} of this fact cannot be read.`);
  const attributes = FactKindAndTimeSchema.safeParse(snapshot);
  return editFact({
    db,
    factId,
    expectedVersion,
    edits: {
      content: snapshot.content,
      importance: snapshot.importance,
      ...(attributes.success ? attributes.data : {}),
    },
    reviewerId,
    action: "restore",
    reason: `Restored version ${version}`,
  });
}
