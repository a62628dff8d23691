import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createDb } from "@/lib/db/client";
import { pgliteTemplateDir, readyPgliteTemplate } from "@/lib/db/pglite-template";

/**
 * Builds the migrated PGlite template (lib/db/pglite-template.ts) unless it exists; returns its Sift data
 * directory. Built aside and renamed into place, so parallel builders (test workers) never see half of one.
 */
export async function buildPgliteTemplate(): Promise<string> {
  const template = pgliteTemplateDir();
  if (readyPgliteTemplate()) return template;
  fs.mkdirSync(path.dirname(template), { recursive: true });
  const building = `${template}.${process.pid}.${randomBytes(4).toString("hex")}`;
  try {
    const db = await createDb({ dataDir: building, seed: false });
    await db.close();
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    throw error;
  }
  // The lock file is the builder's, not the template's.
  for (const entry of fs.readdirSync(building)) {
    if (entry !== "pglite") fs.rmSync(path.join(building, entry), { recursive: true, force: true });
  }
  try {
    fs.renameSync(building, template);
  } catch {
    fs.rmSync(building, { recursive: true, force: true }); // another builder won the race
  }
  return template;
}
