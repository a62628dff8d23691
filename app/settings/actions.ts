"use server";
import { defineSpaceAction } from "@/app/define-action";
import { saveSettings } from "@/lib/db/settings";
import { resetLearning } from "@/lib/jobs/learning";
import { SettingsSchema } from "@/lib/settings/schema";
import { z } from "zod";

/** The space whose settings a form changes: its page's `?space=` (the caller's default space when absent). */
const InSpace = { space: z.string().max(40).optional() };

/** A space's settings (issue 27), saved by its admins and the instance admins; other spaces keep theirs. */
export const saveSettingsAction = defineSpaceAction({
  input: SettingsSchema.safeExtend(InSpace),
  need: "admin",
  space: (input) => ({ slug: input.space }),
  revalidate: ["/settings", "/ingest", "/review", "/facts", "/"],
  run: ({ input: { space: _slug, ...settings }, db, space }) => saveSettings({ db, spaceId: space.id, settings }),
});

/**
 * Back to the shipped calibrated confidence in one space: its learned models stop serving, its open cards are
 * scored again. Other spaces' models keep serving.
 */
export const resetLearningAction = defineSpaceAction({
  input: z.object(InSpace),
  need: "admin",
  space: (input) => ({ slug: input.space }),
  revalidate: ["/settings", "/review", "/"],
  run: ({ db, space }) => resetLearning({ db, spaceId: space.id }),
});
