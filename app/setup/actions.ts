"use server";
import { defineAction } from "@/app/define-action";
import { NewUserSchema } from "@/lib/accounts/schema";
import { hashPassword } from "@/lib/auth/better-auth";
import { createFirstAdmin } from "@/lib/db/accounts";
import { AppError } from "@/lib/errors";

/**
 * The first admin, on a fresh accounts-mode instance. The one action that checks no role (`need: null`): it
 * exists only while nobody can sign in, and refuses from the moment someone can: the check and the account
 * are one transaction under a lock (createFirstAdmin), so concurrent setups make exactly one admin.
 */
export const setupAdminAction = defineAction({
  input: NewUserSchema.omit({ role: true }),
  need: null,
  run: async ({ input, db, env }) => {
    if (env.SIFT_AUTH !== "accounts") {
      throw new AppError("FORBIDDEN", "Sift runs in the local mode (SIFT_AUTH=local): there is nobody to set up.");
    }
    const passwordHash = await hashPassword({ db, password: input.password });
    return createFirstAdmin({ db, user: { name: input.name, email: input.email, passwordHash } });
  },
});
