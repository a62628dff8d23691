import "server-only";
import { log } from "@/lib/log";
import type { Db } from "@/lib/db/types";
import { DEFAULT_SETTINGS, SettingsSchema, type Settings } from "@/lib/settings/schema";

const KEY = "app";

/** The stored settings; a row written by an older version is read leniently and completed with defaults. */
export async function getSettings({ db }: { db: Db }): Promise<Settings> {
  const row = await db.setting.findUnique({ where: { key: KEY } });
  if (!row) return DEFAULT_SETTINGS;
  const parsed = SettingsSchema.safeParse(row.value);
  if (parsed.success) return parsed.data;
  log.warn({ issues: parsed.error.issues }, "stored settings are invalid; using defaults");
  return DEFAULT_SETTINGS;
}

export async function saveSettings({ db, settings }: { db: Db; settings: Settings }): Promise<Settings> {
  await db.setting.upsert({
    where: { key: KEY },
    create: { key: KEY, value: settings },
    update: { value: settings },
  });
  return settings;
}
