"use server";
import { defineAction } from "@/app/define-action";
import { saveSettings } from "@/lib/db/settings";
import { SettingsSchema } from "@/lib/settings/schema";

export const saveSettingsAction = defineAction({
  input: SettingsSchema,
  need: "admin",
  revalidate: ["/settings", "/ingest"],
  run: ({ input, db }) => saveSettings({ db, settings: input }),
});
