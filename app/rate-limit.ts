import "server-only";
import { headers } from "next/headers";
import { getDb } from "@/lib/db/client";
import { enforceRateLimit, requestKeys } from "@/lib/security/limits";

/** The rate limit for a write server action: the request's address and the reviewer (lib/security/limits.ts). */
export async function limitAction(reviewerId: string): Promise<void> {
  await enforceRateLimit({ db: await getDb(), keys: requestKeys(await headers(), reviewerId) });
}
