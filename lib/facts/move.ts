import "server-only";
import type { Actor } from "@/lib/auth/access";
import { copyFactEmbedding, copyProvenance, deleteRelationsOutside, moveFactToSpace } from "@/lib/db/fact-move";
import { createFact, findActiveFactByText, getFact, recordFactRevision, snapshotOf } from "@/lib/db/facts";
import { withTransaction, type Db } from "@/lib/db/types";
import { AppError } from "@/lib/errors";
import type { MoveMode } from "@/lib/facts/schema";
import { locateSpace, resolveSpace } from "@/lib/spaces/resolve";
import type { SpaceRef } from "@/lib/spaces/schema";

export interface MoveResult {
  mode: MoveMode;
  /** The fact in the target space: the same id when moved, the copy's when copied. */
  factId: string;
  version: number;
  content: string;
  from: SpaceRef;
  to: SpaceRef;
  /** Relations to facts that stayed behind, dropped by a move (0 for a copy, which has none). */
  droppedRelations: number;
  /** What the reviewer is told, the dropped relations included. */
  message: string;
}

/**
 * Moves or copies an active fact to another space, in one transaction. The actor must be allowed to review in
 * both spaces: a target it cannot reach is NOT_FOUND in the words a missing space gets, the same space is
 * VALIDATION, a role too small in either is FORBIDDEN. A fact changed since the reviewer opened it (a version
 * other than `expectedVersion`) is CONFLICT, as every fact edit; so is a target that already says the same words.
 *
 * Move: the fact keeps its id, revisions and provenance (quotes of sources that stay behind are kept; the pages
 * show them without the source to a reader who cannot reach it); its space changes (the band trigger re-salts
 * its retrieval keys), relations to facts that stay behind are dropped and counted, and a revision "move" naming
 * both spaces bumps the version. Copy: a new fact in the target with the same text, kind, time, validity and
 * subject, the provenance copied (a source of another space left out, its quote kept), a first revision "copy"
 * naming where it came from; the original is untouched.
 */
export async function moveFact({
  db,
  actor,
  factId,
  expectedVersion,
  toSpace,
  mode,
}: {
  db: Db;
  actor: Actor;
  factId: string;
  expectedVersion: number;
  /** The target space's name (slug). */
  toSpace: string;
  mode: MoveMode;
}): Promise<MoveResult> {
  const from = await locateSpace({ db, actor, kind: "fact", id: factId, need: "review" });
  const to = await resolveSpace({ db, actor, slug: toSpace.trim().toLowerCase() || "-", need: "review" });
  if (to.id === from.id) {
    throw new AppError("VALIDATION", `This fact is in ${from.name} already; pick another space.`, {
      fieldErrors: { space: ["Pick another space"] },
    });
  }
  return withTransaction(db, async (tx) => {
    const fact = await getFact({ db: tx, factId });
    if (!fact) throw new AppError("NOT_FOUND", "This fact no longer exists.");
    // Moved by someone else since the check: the reviewer's page is stale.
    if (fact.spaceId !== from.id) throw new AppError("CONFLICT", "This fact was moved meanwhile; reload the page.");
    if (fact.version !== expectedVersion || fact.status !== "active") {
      throw new AppError(
        "CONFLICT",
        fact.status === "active"
          ? `This fact was changed since you opened it (now version ${fact.version}); reload and try again.`
          : `This fact is ${fact.status}; only an active fact can be moved or copied.`,
      );
    }
    const same = await findActiveFactByText({ db: tx, spaceId: to.id, content: fact.content });
    if (same) {
      throw new AppError("CONFLICT", `${to.name} already says this: "${same.content}". Nothing was ${done(mode)}.`);
    }
    const reviewerId = actor.kind === "person" ? actor.id : null;
    if (mode === "copy") {
      const copy = await createFact({
        tx,
        fact: {
          content: fact.content,
          kind: fact.kind,
          confidence: fact.confidence,
          importance: fact.importance,
          temporal: fact.temporal,
          validFrom: fact.validFrom ?? fact.createdAt,
          validTo: fact.validTo,
          spaceId: to.id,
          subject: fact.subject,
        },
      });
      await copyProvenance({ tx, fromFactId: fact.id, toFactId: copy.id, spaceId: to.id });
      await copyFactEmbedding({ tx, fromFactId: fact.id, toFactId: copy.id });
      await recordFactRevision({
        tx,
        factId: copy.id,
        version: 1,
        action: "copy",
        after: snapshotOf(copy),
        reason: `Copied from ${from.name} (fact ${fact.id})`,
        reviewerId,
      });
      const message = `Copied to ${to.name}; the fact in ${from.name} is unchanged.`;
      return { mode, factId: copy.id, version: 1, content: copy.content, from, to, droppedRelations: 0, message };
    }
    const dropped = await deleteRelationsOutside({ tx, factId, spaceId: to.id });
    if (!(await moveFactToSpace({ tx, factId, version: expectedVersion, spaceId: to.id }))) {
      throw new AppError("CONFLICT", "This fact was changed meanwhile; nothing was moved. Reload and try again.");
    }
    const droppedText = dropped > 0 ? relationsDropped(dropped, from.name) : "";
    await recordFactRevision({
      tx,
      factId,
      version: fact.version + 1,
      action: "move",
      before: snapshotOf(fact),
      after: snapshotOf(fact),
      reason: `Moved from ${from.name} to ${to.name}${droppedText ? `; ${droppedText}` : ""}`,
      reviewerId,
    });
    const message = `Moved to ${to.name}.${droppedText ? ` ${capitalize(droppedText)}.` : ""}`;
    return {
      mode,
      factId,
      version: fact.version + 1,
      content: fact.content,
      from,
      to,
      droppedRelations: dropped,
      message,
    };
  });
}

/** "2 relations to facts in Billing were dropped". */
function relationsDropped(count: number, spaceName: string): string {
  const [noun, verb] = count === 1 ? ["relation", "was"] : ["relations", "were"];
  return `${count} ${noun} to facts in ${spaceName} ${verb} dropped`;
}

const done = (mode: MoveMode) => (mode === "move" ? "moved" : "copied");
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
