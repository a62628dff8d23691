import "server-only";
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import type { z } from "zod";
import { requireRole } from "@/app/access";
import type { Permission } from "@/lib/accounts/schema";
import { parseInput, toActionResult } from "@/lib/action";
import type { Actor } from "@/lib/auth/access";
import { getDb } from "@/lib/db/client";
import type { Db } from "@/lib/db/types";
import { getEnv, type Env } from "@/lib/env";
import type { ActionResult } from "@/lib/errors";
import { actorKey, addressKey, enforceRateLimit } from "@/lib/security/limits";

/** What an action's body gets: its parsed input, who calls, the database and the environment. */
export interface ActionContext<I, A> {
  input: I;
  actor: A;
  db: Db;
  env: Env;
}

/**
 * The one way to write a server action, the counterpart of `apiRoute` (lib/api/route.ts): check the caller
 * (`need`, before anything else, so a stranger learns nothing from validation messages), count the call
 * against the rate limit, parse the input with one zod schema (a form's FormData is read as a plain object
 * of its fields first), run one domain function, revalidate the pages it changes, and answer an
 * ActionResult. `need: null` is for the first admin's setup only, when nobody can sign in yet; it is limited
 * by the client's address.
 */
export function defineAction<S extends z.ZodType, T, N extends Permission | null>(spec: {
  input: S;
  need: N;
  run: (context: ActionContext<z.output<S>, N extends Permission ? Actor : null>) => Promise<T>;
  /** The paths whose pages show what this action changes. */
  revalidate?: string[] | ((input: z.output<S>, data: T) => string[]);
}): (input: z.input<S> | FormData) => Promise<ActionResult<T>> {
  return (raw) =>
    toActionResult(async () => {
      const db = await getDb();
      const env = getEnv();
      const requestHeaders = await headers();
      // The address first, so a caller who is refused still counts; then who they are.
      await enforceRateLimit({ db, keys: [addressKey(requestHeaders)] });
      const actor = spec.need === null ? null : await requireRole(spec.need);
      if (actor) await enforceRateLimit({ db, keys: [actorKey(actor)] });
      const input = parseInput(spec.input, raw instanceof FormData ? formFields(raw) : raw);
      const data = await spec.run({
        input,
        actor: actor as N extends Permission ? Actor : null,
        db,
        env,
      });
      const paths = typeof spec.revalidate === "function" ? spec.revalidate(input, data) : (spec.revalidate ?? []);
      for (const path of paths) revalidatePath(path);
      return data;
    });
}

/** A form's fields as an object: an empty field is absent (a select left on its placeholder), a file kept. */
function formFields(form: FormData): Record<string, FormDataEntryValue> {
  const fields: Record<string, FormDataEntryValue> = {};
  for (const [name, value] of form.entries()) {
    if (name.startsWith("$ACTION") || name in fields) continue;
    if (value === "" || (value instanceof File && value.size === 0 && !value.name)) continue;
    fields[name] = value;
  }
  return fields;
}
