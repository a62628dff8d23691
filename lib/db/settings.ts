import "server-only";
import { log } from "@/lib/log";
import type { Db } from "@/lib/db/types";
import { SCORE_SCALE } from "@/lib/matcher/thresholds";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";
import { DEFAULT_SETTINGS, SettingsSchema, type Settings } from "@/lib/settings/schema";

// Cut-offs on the matcher's score: meaningless on another scale than the one they were set on.
const SCORE_CUTOFFS = ["duplicate", "related", "encoderDuplicate", "ambiguousLow", "ambiguousHigh", "encoderWeight"];

/**
 * Score cut-offs saved before the duplicate model (a lexical similarity, another scale) are dropped for the
 * model's defaults, and the log says so; every other setting is kept.
 */
function onCurrentScale(value: unknown): unknown {
  if (!value || typeof value !== "object") return value;
  const thresholds = (value as { thresholds?: Record<string, unknown> }).thresholds;
  if (!thresholds || typeof thresholds !== "object" || thresholds.scale === SCORE_SCALE) return value;
  const dropped = SCORE_CUTOFFS.filter((k) => k in thresholds);
  if (dropped.length === 0) return value;
  log.warn(
    { dropped },
    "stored score thresholds were set on the matcher's old score scale; using the model's defaults",
  );
  const kept = Object.fromEntries(Object.entries(thresholds).filter(([k]) => !SCORE_CUTOFFS.includes(k)));
  return { ...value, thresholds: kept };
}

/**
 * Settings are per space (issue 27): the default space keeps the row it always had ("app"), another space's is
 * `space:<id>`. A space that never saved any reads the shipped defaults, never another space's.
 */
function keyOf(spaceId: string): string {
  return spaceId === DEFAULT_SPACE_ID ? "app" : `space:${spaceId}`;
}

/** A space's stored settings; a row written by an older version is read leniently and completed with defaults. */
export async function getSettings({ db, spaceId }: { db: Db; spaceId: string }): Promise<Settings> {
  const row = await db.setting.findUnique({ where: { key: keyOf(spaceId) } });
  if (!row) return DEFAULT_SETTINGS;
  const parsed = SettingsSchema.safeParse(onCurrentScale(row.value));
  if (parsed.success) return parsed.data;
  log.warn({ issues: parsed.error.issues, spaceId }, "stored settings are invalid; using defaults");
  return DEFAULT_SETTINGS;
}

export async function saveSettings({
  db,
  spaceId,
  settings,
}: {
  db: Db;
  spaceId: string;
  settings: Settings;
}): Promise<Settings> {
  const key = keyOf(spaceId);
  await db.setting.upsert({ where: { key }, create: { key, value: settings }, update: { value: settings } });
  return settings;
}
