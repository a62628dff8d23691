import "server-only";
import { getQuoteContexts } from "@/lib/db/quote-contexts";
import { getFactOrigins, listClusterHeadIds, listQueueUnits, type QueueUnit } from "@/lib/db/review-queue";
import { getSettings } from "@/lib/db/settings";
import type { Db } from "@/lib/db/types";
import {
  CARD_CONTEXT_LINES,
  cardMatches,
  shownContext,
  type QueueCard,
  type QueuePatch,
  type QuoteContext,
} from "@/lib/queue/candidate";
import type { QueueQuery } from "@/lib/queue/schema";
import { maskSecretsDeep } from "@/lib/secrets/mask";
import { presetOptions, type Settings } from "@/lib/settings/schema";

/** What each kind of the space's taxonomy means, by kind id: a card shows its kind's definition. */
export function kindDefinitions(settings: Settings): Map<string, string> {
  return new Map(presetOptions(settings).flatMap((p) => p.kinds.map((k) => [k.id, k.definition] as const)));
}

/**
 * Queue units as the queue's cards (`QueueCardSchema`: only what a card reads): each with its kind's definition,
 * the lines around its quote its focused view shows, and where the facts it shows came from; a credential masked
 * everywhere (lib/secrets/mask.ts). The page and a decision's answer build their cards here, so a card patched in
 * after a decision reads as one the page sent.
 */
export async function toQueueCards({
  db,
  units,
  definitions,
}: {
  db: Db;
  units: QueueUnit[];
  definitions: Map<string, string>;
}): Promise<QueueCard[]> {
  if (units.length === 0) return [];
  const shownMatches = units.map((u) => [u, cardMatches(u.matches)] as const);
  const factIds = [...new Set(shownMatches.flatMap(([, s]) => (s.matches ?? []).flatMap((m) => m.factId ?? [])))];
  const [contexts, origins] = await Promise.all([
    getQuoteContexts({ db, candidateIds: units.map((u) => u.id) }),
    getFactOrigins({ db, factIds }),
  ]);
  const cards = shownMatches.map(([unit, shown]): QueueCard => {
    const context = contexts.get(unit.id);
    const { source } = unit;
    return {
      id: unit.id,
      content: unit.content,
      kind: unit.kind,
      confidence: unit.confidence,
      importance: unit.importance,
      temporal: unit.temporal,
      speaker: unit.speaker,
      quote: unit.quote,
      start: unit.start,
      status: unit.status,
      rankReason: unit.rankReason,
      verdict: unit.verdict,
      gateReason: unit.gateReason,
      source: {
        id: source.id,
        title: source.title,
        createdAt: source.createdAt,
        meetingDate: source.meetingDate,
        subject: source.subject,
      },
      members: unit.members,
      kindDefinition: definitions.get(unit.kind) ?? null,
      ...shown,
      context: context ? shownContext(context, CARD_CONTEXT_LINES) : null,
      factSources: Object.fromEntries(
        (shown.matches ?? []).flatMap((m) => {
          const origin = m.factId ? origins.get(m.factId) : undefined;
          return m.factId && origin ? [[m.factId, origin]] : [];
        }),
      ),
    };
  });
  return maskSecretsDeep(cards);
}

/** The lines around a card's quote that "More context" shows (`CONTEXT_LINES`), masked as the card is; null without. */
export async function getCardContext({
  db,
  candidateId,
}: {
  db: Db;
  candidateId: string;
}): Promise<QuoteContext | null> {
  const context = (await getQuoteContexts({ db, candidateIds: [candidateId] })).get(candidateId);
  return context ? maskSecretsDeep(shownContext(context)) : null;
}

/**
 * The cards of a reviewer's view that a decision changed (`QueuePatch`), read as the page reads them: the
 * candidates it re-judged and the heads of the clusters they are in (`cards`, or `gone` when no card of the view
 * any more), and the decided card's members read before it (`members`): those still open are cards of their own
 * now (`freed`).
 */
export async function getQueuePatch({
  db,
  spaceId,
  query,
  rejudged,
  members = [],
}: {
  db: Db;
  spaceId: string;
  query: QueueQuery;
  rejudged: string[];
  members?: string[];
}): Promise<QueuePatch> {
  const heads = await listClusterHeadIds({ db, spaceId, ids: rejudged });
  const memberIds = new Set(members);
  const touched = [...new Set([...rejudged, ...heads])].filter((id) => !memberIds.has(id));
  if (touched.length === 0 && members.length === 0) return { cards: [], gone: [], freed: [] };
  const [units, settings] = await Promise.all([
    listQueueUnits({ db, spaceId, query, ids: [...touched, ...members] }),
    getSettings({ db, spaceId }),
  ]);
  const cards = await toQueueCards({ db, units, definitions: kindDefinitions(settings) });
  const shown = new Set(cards.map((c) => c.id));
  return {
    cards: cards.filter((c) => !memberIds.has(c.id)),
    gone: touched.filter((id) => !shown.has(id)),
    freed: cards.filter((c) => memberIds.has(c.id)),
  };
}
