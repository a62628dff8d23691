import "server-only";
import { setSpaceMember } from "@/lib/db/members";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { isNameTaken } from "@/lib/db/accounts";
import type { Db } from "@/lib/db/types";
import { authSecretOf, getEnv, type Env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { NewUser } from "@/lib/accounts/schema";
import { answeredHostNames, parseAllowedHosts } from "@/lib/security/hosts";

/**
 * Better Auth over the app's own Prisma client, for the accounts mode. Its user is the `Reviewer` table
 * (modelName + the two columns it adds), so a session names the reviewer every decision is attributed to,
 * with no second table to keep in step. Sign-up over HTTP is off: the setup page makes the first admin,
 * then admins add people (createAccount).
 */
function buildAuth(db: Db, env: Env) {
  return betterAuth({
    database: prismaAdapter(db, { provider: "postgresql" }),
    secret: authSecretOf(env),
    // The origin is the request's own host when it is one Sift answers (the proxy refuses the others), on any
    // port: sign-in from Sift's page passes Better Auth's origin check, a foreign page's does not. A call with
    // no Host (reading a session from headers alone) falls back to loopback, which no foreign page is.
    baseURL: {
      allowedHosts: answeredHostNames(parseAllowedHosts(env.SIFT_ALLOWED_HOSTS)).flatMap((h) => [h, `${h}:*`]),
      fallback: "http://localhost",
    },
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 10, maxPasswordLength: 128 },
    user: {
      modelName: "reviewer",
      additionalFields: { role: { type: "string", input: false, required: false, defaultValue: "viewer" } },
    },
    // Over plain http on a LAN name (SIFT_HTTPS=off) the cookies cannot be Secure, or no browser keeps them;
    // over https they are. Unset (loopback only), the library decides (Secure in production; localhost is a
    // secure context for browsers).
    advanced: {
      database: { generateId: "uuid" },
      ...(env.SIFT_HTTPS ? { useSecureCookies: env.SIFT_HTTPS === "on" } : {}),
    },
    // The pages' own origins, over http and https, any port: a sign-in from http://sift.lan:3000 is Sift's.
    trustedOrigins: answeredHostNames(parseAllowedHosts(env.SIFT_ALLOWED_HOSTS)).flatMap((h) => [
      `http://${h}`,
      `https://${h}`,
      `http://${h}:*`,
      `https://${h}:*`,
    ]),
    telemetry: { enabled: false },
    // Sift limits sign-ins itself, before the library sees them (app/api/auth/[...all]/route.ts): the address's
    // rate limit (lib/security/limits.ts, which knows the trusted proxies) and the account's failures
    // (lib/security/sign-in.ts). The library's own limiter finds no client address it may trust, and then keeps
    // one bucket for everyone: three sign-ins per ten seconds for the whole team, which anyone could use up.
    rateLimit: { enabled: false },
  });
}

type Auth = ReturnType<typeof buildAuth>;
const instances = new WeakMap<Db, Auth>();

/** The Better Auth instance for this database (one per client; tests open several). */
export function getAuth(db: Db, env: Env = getEnv()): Auth {
  let auth = instances.get(db);
  if (!auth) {
    auth = buildAuth(db, env);
    instances.set(db, auth);
  }
  return auth;
}

/** The reviewer id of the request's session cookie, or null. */
export async function sessionReviewerId({ db, headers }: { db: Db; headers: Headers }): Promise<string | null> {
  const session = await getAuth(db).api.getSession({ headers });
  return session?.user.id ?? null;
}

/** A password as Better Auth stores and checks it (its scrypt hash). */
export async function hashPassword({ db, password }: { db: Db; password: string }): Promise<string> {
  return (await getAuth(db).$context).password.hash(password);
}

/** A person who can sign in: a reviewer row and a credential account holding the library's password hash. */
export async function createAccount({ db, user }: { db: Db; user: NewUser }): Promise<{ id: string }> {
  const context = await getAuth(db).$context;
  if (await isNameTaken({ db, name: user.name })) {
    throw new AppError("CONFLICT", `Someone is already called "${user.name}": names tell reviewers apart.`, {
      fieldErrors: { name: ["This name is taken."] },
    });
  }
  if (await context.internalAdapter.findUserByEmail(user.email)) {
    throw new AppError("CONFLICT", `Someone already signs in as ${user.email}.`, {
      fieldErrors: { email: ["This email is taken."] },
    });
  }
  const hash = await context.password.hash(user.password);
  const created = await context.internalAdapter.createUser(
    { name: user.name, email: user.email, role: user.role },
    { method: "admin" },
  );
  await context.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: hash,
  });
  // An admin is every space's; anyone else starts in the default space with the role they were given, and
  // is added to other spaces on the space's members page.
  if (user.role !== "admin") {
    await setSpaceMember({ db, spaceId: DEFAULT_SPACE_ID, reviewerId: created.id, role: user.role });
  }
  return { id: created.id };
}
