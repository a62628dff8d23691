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
import { actorKey, addressKey, enforceRateLimit, enforceSpaceRateLimit } from "@/lib/security/limits";
import { locateSpace, resolveSpace, type SpaceObjectKind } from "@/lib/spaces/resolve";
import type { SpaceRef } from "@/lib/spaces/schema";

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
  /**
   * The action works in one space it finds from its input and checks there (defineSpaceAction, or each object
   * of a selection: partitionBySpace): `need` in any space the caller reaches lets it start. Without it, `need`
   * is instance-wide (`admin` is the instance admin's).
   */
  inSpace?: boolean;
}): (input: z.input<S> | FormData) => Promise<ActionResult<T>> {
  return (raw) =>
    toActionResult(async () => {
      const db = await getDb();
      const env = getEnv();
      const requestHeaders = await headers();
      // The address first, so a caller who is refused still counts; then who they are.
      await enforceRateLimit({ db, keys: [addressKey(requestHeaders)] });
      const actor = spec.need === null ? null : await requireRole(spec.need, spec.inSpace);
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

/**
 * Where an action works: the space a form names (its page's `?space=`; the caller's default when absent), or
 * the space of the object it acts on.
 */
export type SpaceLocator = { slug: string | undefined } | { kind: SpaceObjectKind; id: string };

/**
 * An action of one space: as defineAction, with `need` checked as the caller's role in the space `space`
 * finds (a viewer of A and reviewer of B approves B's cards only). An object of a space the caller may not
 * reach is answered with the words a missing one gets, so nothing says it exists.
 */
export function defineSpaceAction<S extends z.ZodType, T>(spec: {
  input: S;
  need: Permission;
  space: (input: z.output<S>) => SpaceLocator;
  run: (context: ActionContext<z.output<S>, Actor> & { space: SpaceRef }) => Promise<T>;
  revalidate?: string[] | ((input: z.output<S>, data: T) => string[]);
}): (input: z.input<S> | FormData) => Promise<ActionResult<T>> {
  return defineAction({
    input: spec.input,
    need: spec.need,
    inSpace: true,
    revalidate: spec.revalidate,
    run: async (context) => {
      const where = spec.space(context.input);
      const { db, actor } = context;
      const space =
        "slug" in where
          ? await resolveSpace({ db, actor, slug: where.slug, need: spec.need })
          : await locateSpace({ db, actor, kind: where.kind, id: where.id, need: spec.need });
      await enforceSpaceRateLimit({ db, space });
      return spec.run({ ...context, space });
    },
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
