"use server";
import { revalidatePath } from "next/cache";
import { parseInput, toActionResult } from "@/lib/action";
import { requireRole } from "@/app/access";
import { limitAction } from "@/app/rate-limit";
import { getDb } from "@/lib/db/client";
import { saveSettings } from "@/lib/db/settings";
import { SettingsSchema, type SettingsInput } from "@/lib/settings/schema";

export async function saveSettingsAction(input: SettingsInput) {
  return toActionResult(async () => {
    const settings = parseInput(SettingsSchema, input);
    const reviewer = await requireRole("admin");
    await limitAction(reviewer.id);
    const saved = await saveSettings({ db: await getDb(), settings });
    revalidatePath("/settings");
    revalidatePath("/ingest");
    return saved;
  });
}
