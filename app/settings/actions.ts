"use server";
import { defineAction } from "@/app/define-action";
import { saveSettings } from "@/lib/db/settings";
import { resetLearning } from "@/lib/jobs/learning";
import { SettingsSchema } from "@/lib/settings/schema";
import { z } from "zod";

export const saveSettingsAction = defineAction({
  input: SettingsSchema,
  need: "admin",
  revalidate: ["/settings", "/ingest"],
  run: ({ input, db }) => saveSettings({ db, settings: input }),
});

/** Back to the shipped calibrated confidence: the learned model stops serving, the open cards are scored again. */
export const resetLearningAction = defineAction({
  input: z.object({}),
  need: "admin",
  revalidate: ["/settings", "/review"],
  run: ({ db }) => resetLearning({ db }),
});
