"use server";
import { z } from "zod";
import { defineAction } from "@/app/define-action";
import { NewTokenSchema, NewUserSchema } from "@/lib/accounts/schema";
import { createAccount } from "@/lib/auth/better-auth";
import { issueAgentToken } from "@/lib/auth/tokens";
import { revokeAgentToken } from "@/lib/db/accounts";
import { AppError } from "@/lib/errors";
import { clearSignInFailures } from "@/lib/security/sign-in";
import { createSpace } from "@/lib/db/spaces";
import { NewSpaceSchema } from "@/lib/spaces/schema";

/** An admin adds someone who can sign in, with a role and an initial password they pass on. */
export const createUserAction = defineAction({
  input: NewUserSchema,
  need: "admin",
  revalidate: ["/admin"],
  run: async ({ input, db, env }) => {
    if (env.SIFT_AUTH !== "accounts") {
      throw new AppError("CONFIG", "Accounts are off (SIFT_AUTH=local): nobody signs in, so there is no one to add.");
    }
    return createAccount({ db, user: input });
  },
});

/** An agent token: the answer holds the token, the only time it is ever shown. */
export const createTokenAction = defineAction({
  input: NewTokenSchema,
  need: "admin",
  revalidate: ["/admin"],
  run: ({ input, actor, db }) => issueAgentToken({ db, input, createdById: actor.id }),
});

export const revokeTokenAction = defineAction({
  input: z.object({ id: z.uuid() }),
  need: "admin",
  revalidate: ["/admin"],
  run: async ({ input: { id }, db }) => {
    if (!(await revokeAgentToken({ db, id }))) {
      throw new AppError("NOT_FOUND", "No live token has that id (already revoked?).");
    }
    return { id };
  },
});

/** Lifts a sign-in lockout: the account's failed attempts are forgotten (lib/security/sign-in.ts). */
export const unlockSignInAction = defineAction({
  input: z.object({ email: z.email().trim().toLowerCase() }),
  need: "admin",
  revalidate: ["/admin"],
  run: async ({ input, db }) => {
    await clearSignInFailures({ db, email: input.email });
    return { email: input.email };
  },
});

/** A new, empty space (an instance admin's): its own sources, queue and fact base. */
export const createSpaceAction = defineAction({
  input: NewSpaceSchema,
  need: "admin",
  revalidate: ["/admin"],
  run: ({ input, db }) => createSpace({ db, space: input }),
});
