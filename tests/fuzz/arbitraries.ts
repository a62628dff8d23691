import fc from "fast-check";
import type { PrismaClient } from "@/lib/db/client";

/**
 * Generated inputs for the fuzz tests (fast-check) and the one check every rejected input must pass: the
 * database did not change. The seed is fixed per run unless FUZZ_SEED is set, so a failure can be replayed.
 */

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** Strings that have broken parsers before: unicode of every plane, NUL, bidi overrides, huge and tiny. */
export const nastyString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\u202Eevil\u202C",
    "\u200B",
    "\uD800",
    "💥".repeat(50),
    "<script>alert(1)</script>",
    '\'; DROP TABLE "Fact"; --',
    "../../etc/passwd",
    "%00",
    "NaN",
    "-0",
    "1e400",
    "9".repeat(400),
    "__proto__",
    "constructor",
    "x".repeat(5_000),
  ),
);

export const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53 + 1, Number.MAX_VALUE, -Number.MAX_VALUE, 1e308, Number.MIN_VALUE),
);

/** Any JSON value, nested garbage included. */
export const anyJson = fc.oneof(
  { depthSize: "small" },
  fc.jsonValue({ maxDepth: 4 }),
  nastyString,
  nastyNumber,
  fc.constant(null),
);

/** A value for a field of a schema: usually the wrong type, sometimes plausible. */
export const fieldValue = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 3 }),
  fc.array(fc.uuid(), { maxLength: 25 }),
  fc.jsonValue({ maxDepth: 2 }),
  fc.uuid(),
  fc.constantFrom("decision", "commitment", "future", "past", "ongoing", "approve", "reject", "archive", "delete"),
);

/**
 * An object shaped like `keys` (a subset, each with a generated value, `overrides` where given) plus stray
 * keys; the ids (keys ending in "Id") are always there, so more inputs aim at something.
 */
export function objectLike(keys: string[], overrides: Record<string, fc.Arbitrary<unknown>> = {}) {
  const known = Object.fromEntries(keys.map((k) => [k, overrides[k] ?? fieldValue]));
  const requiredKeys = keys.filter((k) => k.endsWith("Id"));
  // Every optional field at once is nearly always wrong somewhere: a third of the inputs carry only the
  // required ones and a single other field, so the checks behind the first one are reached too.
  const sparse = fc
    .tuple(fc.record(Object.fromEntries(requiredKeys.map((k) => [k, known[k] as fc.Arbitrary<unknown>]))), fc.nat())
    .chain(([required, i]) => {
      const others = keys.filter((k) => !requiredKeys.includes(k));
      const other = others[i % (others.length + 1)];
      return other
        ? (known[other] as fc.Arbitrary<unknown>).map((v) => ({ ...required, [other]: v }))
        : fc.constant(required);
    });
  return fc
    .tuple(
      fc.oneof(fc.record(known, { requiredKeys }), fc.record(known, { requiredKeys }), sparse),
      fc.dictionary(nastyString, fieldValue, { maxKeys: 2 }),
    )
    .map(([shaped, stray]) => ({ ...stray, ...shaped }));
}

/** An id: one that exists (from `pool`), a random uuid, or junk. */
export const idFrom = (pool: () => string[]) =>
  fc.oneof(
    fc.nat().map((i) => pool()[i % Math.max(1, pool().length)] ?? "none"),
    fc.uuid(),
    nastyString,
  );

/** Printable Latin-1 (what a header value may carry). */
export const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
  fc.constantFrom('"1"', "1", 'W/"1"', '"999999999999999999999"', '"-1"', "*", "", "203.0.113.9, 10.0.0.1"),
);

/**
 * Rows of every table but the rate limiter's (every request counts there): a rejected input must leave
 * these exactly as they were.
 */
export async function rowCounts(prisma: PrismaClient): Promise<Record<string, number>> {
  const tables = await prisma.$queryRaw<{ tablename: string }[]>`
    SELECT tablename FROM pg_tables
    WHERE schemaname = 'public' AND tablename NOT IN ('_prisma_migrations', 'RateLimit') ORDER BY tablename`;
  const sql = tables.map((t) => `SELECT '${t.tablename}' AS t, count(*)::int AS n FROM "${t.tablename}"`);
  const rows = await prisma.$queryRawUnsafe<{ t: string; n: number }[]>(sql.join(" UNION ALL "));
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}

/**
 * A valid input with one field changed to a generated value or left out: reaches the checks that come
 * after validation (the database's own limits, conflicts, ownership), which random objects rarely do.
 */
export function mutated(valid: fc.Arbitrary<Record<string, unknown>>) {
  return valid.chain((base) => {
    const keys = Object.keys(base);
    return fc.oneof(
      fc.constant(base),
      fc.tuple(fc.constantFrom(...keys), fieldValue).map(([key, value]) => ({ ...base, [key]: value })),
      fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== key))),
    );
  });
}
