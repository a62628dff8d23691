"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/app/access";
import { limitAction } from "@/app/rate-limit";
import { parseInput, toActionResult } from "@/lib/action";
import { NewTokenSchema, NewUserSchema, type NewToken, type NewUser } from "@/lib/accounts/schema";
import { createAccount } from "@/lib/auth/better-auth";
import { issueAgentToken } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db/client";
import { revokeAgentToken } from "@/lib/db/accounts";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";

/** An admin adds someone who can sign in, with a role and an initial password they pass on. */
export async function createUserAction(input: NewUser) {
  return toActionResult(async () => {
    const user = parseInput(NewUserSchema, input);
    const admin = await requireRole("admin");
    await limitAction(admin.id);
    if (getEnv().SIFT_AUTH !== "accounts") {
      throw new AppError("CONFIG", "Accounts are off (SIFT_AUTH=local): nobody signs in, so there is no one to add.");
    }
    const created = await createAccount({ db: await getDb(), user });
    revalidatePath("/admin");
    return created;
  });
}

/** An agent token: the answer holds the token, the only time it is ever shown. */
export async function createTokenAction(input: NewToken) {
  return toActionResult(async () => {
    const token = parseInput(NewTokenSchema, input);
    const admin = await requireRole("admin");
    await limitAction(admin.id);
    const issued = await issueAgentToken({ db: await getDb(), input: token, createdById: admin.id });
    revalidatePath("/admin");
    return issued;
  });
}

export async function revokeTokenAction(input: { id: string }) {
  return toActionResult(async () => {
    const { id } = parseInput(z.object({ id: z.uuid() }), input);
    const admin = await requireRole("admin");
    await limitAction(admin.id);
    if (!(await revokeAgentToken({ db: await getDb(), id }))) {
      throw new AppError("NOT_FOUND", "No live token has that id (already revoked?).");
    }
    revalidatePath("/admin");
    return { id };
  });
}
