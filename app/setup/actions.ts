"use server";
import { defineAction } from "@/app/define-action";
import { NewUserSchema } from "@/lib/accounts/schema";
import { createAccount } from "@/lib/auth/better-auth";
import { hasAccounts } from "@/lib/db/accounts";
import { AppError } from "@/lib/errors";

/**
 * The first admin, on a fresh accounts-mode instance. The one action that checks no role (`need: null`): it
 * exists only while nobody can sign in, and refuses from the moment someone can.
 */
export const setupAdminAction = defineAction({
  input: NewUserSchema.omit({ role: true }),
  need: null,
  run: async ({ input, db, env }) => {
    if (env.SIFT_AUTH !== "accounts" || (await hasAccounts({ db }))) {
      throw new AppError("FORBIDDEN", "Sift is already set up: sign in, or ask an admin for an account.");
    }
    return createAccount({ db, user: { ...input, role: "admin" } });
  },
});
