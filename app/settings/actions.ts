"use server";
import { revalidatePath } from "next/cache";
import { parseInput, toActionResult } from "@/lib/action";
import { requireRole } from "@/app/access";
import { getDb } from "@/lib/db/client";
import { saveSettings } from "@/lib/db/settings";
import { SettingsSchema, type SettingsInput } from "@/lib/settings/schema";

export async function saveSettingsAction(input: SettingsInput) {
  return toActionResult(async () => {
    const settings = parseInput(SettingsSchema, input);
    await requireRole("admin");
    const saved = await saveSettings({ db: await getDb(), settings });
    revalidatePath("/settings");
    revalidatePath("/ingest");
    return saved;
  });
}
