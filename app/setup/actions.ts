"use server";
import { parseInput, toActionResult } from "@/lib/action";
import { NewUserSchema, type NewUser } from "@/lib/accounts/schema";
import { createAccount } from "@/lib/auth/better-auth";
import { getDb } from "@/lib/db/client";
import { hasAccounts } from "@/lib/db/accounts";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";

/**
 * The first admin, on a fresh accounts-mode instance. The one action that checks no role: it exists only
 * while nobody can sign in, and refuses from the moment someone can.
 */
export async function setupAdminAction(input: Omit<NewUser, "role">) {
  return toActionResult(async () => {
    const user = parseInput(NewUserSchema, { ...input, role: "admin" });
    const db = await getDb();
    if (getEnv().SIFT_AUTH !== "accounts" || (await hasAccounts({ db }))) {
      throw new AppError("FORBIDDEN", "Sift is already set up: sign in, or ask an admin for an account.");
    }
    return createAccount({ db, user: { ...user, role: "admin" } });
  });
}
