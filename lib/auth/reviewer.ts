import "server-only";
import { getDb, getDefaultReviewerId } from "@/lib/db/client";

/**
 * The reviewer acting in this request. Accounts are off for now, so every request acts as the
 * default local reviewer; when accounts arrive this is the one place that reads the session.
 */
export async function requireReviewer(): Promise<{ id: string }> {
  await getDb();
  return { id: getDefaultReviewerId() };
}
