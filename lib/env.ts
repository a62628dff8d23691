import "server-only";
import path from "node:path";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { SWITCH_VALUES } from "@/lib/matcher/switches";
import { parseAllowedHosts } from "@/lib/security/hosts";

/**
 * Environment, validated once. A bad value stops start-up with a message naming the variable.
 * Empty strings count as unset so that `FOO=` in a shell or .env file does not trip validation.
 */
const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const positiveInt = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(fallback));
/** A limit where 0 switches it off. */
const limit = (fallback: number) => z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(fallback));

const authSecret = z.preprocess(
  emptyToUndefined,
  z.string().min(32, "must be at least 32 characters (e.g. `openssl rand -base64 32`)").optional(),
);

export const EnvSchema = z.object({
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection URL")
      .optional(),
  ),
  SIFT_DATA_DIR: z.preprocess(emptyToUndefined, z.string().default(".data")),
  SIFT_MAX_UPLOAD_BYTES: positiveInt(5 * 1024 * 1024),
  // Requests (API calls and write actions) per key per window, keys "ip:<addr>" and "reviewer:<id>" (0 = off).
  SIFT_RATE_LIMIT: limit(1_200),
  SIFT_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
  // Requests per space per window, all its members and agents together (0 = off): one space's flood stops there.
  SIFT_SPACE_RATE_LIMIT: limit(12_000),
  // Extractions queued or running at once per reviewer (0 = off).
  SIFT_MAX_ACTIVE_RUNS: limit(10),
  SIFT_LLM_PROVIDER: z.preprocess(emptyToUndefined, z.enum(["openai", "anthropic", "openai-compatible"]).optional()),
  SIFT_LLM_MODEL: optionalString,
  SIFT_LLM_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  SIFT_LLM_API_KEY: optionalString,
  OPENAI_API_KEY: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  SIFT_LLM_TIMEOUT_MS: positiveInt(60_000),
  SIFT_LLM_CONCURRENCY: positiveInt(3),
  // How long a run's extraction waits out the provider's rate limit (429s) before a chunk fails for it.
  SIFT_LLM_RUN_BUDGET_MS: positiveInt(30 * 60_000),
  // "input/output[/cache read[/cache write]]" US dollars per million tokens: a run's cost is stored with its tokens.
  // Cache reads and writes default to the input price (never understated; docs/configuration.md).
  SIFT_LLM_PRICE_PER_MTOK: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^\d+(\.\d+)?\/\d+(\.\d+)?(\/\d+(\.\d+)?){0,2}$/,
        'must be "input/output" in US dollars per million tokens, e.g. 2.5/10 (optionally /cache read/cache write)',
      )
      .transform((v) => {
        const [input, output, cacheRead, cacheWrite] = v.split("/").map(Number) as [number, number, number?, number?];
        return { input, output, cacheRead: cacheRead ?? input, cacheWrite: cacheWrite ?? input };
      })
      .optional(),
  ),
  // US dollars per million tokens sent to SIFT_EMBEDDING_MODEL; without it embedding tokens are counted, not priced.
  SIFT_EMBEDDING_PRICE_PER_MTOK: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, "must be US dollars per million tokens, e.g. 0.02")
      .transform(Number)
      .optional(),
  ),
  // Unset: 12,000 for a model with a large context window, else 3,000 (lib/models/context.ts).
  SIFT_CHUNK_TOKENS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  // The configured model's context window in tokens, when lib/models/context.ts does not know it.
  SIFT_LLM_CONTEXT_TOKENS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  // A running extraction whose worker has not beaten for this long is claimed again (lib/db/run-claims.ts).
  SIFT_RUN_STALE_MS: positiveInt(30_000),
  // Claims of one run before it is given up as a crash loop and ends failed.
  SIFT_RUN_MAX_ATTEMPTS: positiveInt(3),
  // Read by lib/log.ts itself (the CLI logs too); validated here so a typo stops the server with its name.
  SIFT_LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  ),
  SIFT_EMBEDDING_MODEL: optionalString,
  // Read by the matcher itself (lib/matcher/switches.ts); validated here so a typo stops the server.
  SIFT_WORD_VECTORS: z.preprocess(emptyToUndefined, z.string().regex(SWITCH_VALUES, "must be on or off").optional()),
  SIFT_WORDNET: z.preprocess(emptyToUndefined, z.string().regex(SWITCH_VALUES, "must be on or off").optional()),
  SIFT_SENTENCE_ENCODER: z.preprocess(
    emptyToUndefined,
    z.string().regex(SWITCH_VALUES, "must be on or off").optional(),
  ),
  SIFT_CACHE_DIR: optionalString,
  // Host names Sift answers besides the loopback ones (lib/security/hosts.ts; checked by proxy.ts).
  SIFT_ALLOWED_HOSTS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        try {
          parseAllowedHosts(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
        }
      }),
  ),
  // Proxies whose X-Forwarded-For is believed (lib/security/limits.ts clientAddress): addresses, IPv4 CIDRs or
  // "loopback". Unset: the client's address is the socket's, whatever the header says.
  SIFT_TRUSTED_PROXIES: optionalString,
  // Sign-in failures per account before it is locked for SIFT_SIGNIN_LOCK_MINUTES (0 = no lockout).
  SIFT_SIGNIN_MAX_FAILURES: limit(5),
  SIFT_SIGNIN_LOCK_MINUTES: positiveInt(15),
  // Whether browsers reach Sift over https (directly or through a proxy): its session cookies are then Secure
  // (the __Secure- prefix). Required in accounts mode when SIFT_ALLOWED_HOSTS names a host: see parseEnv.
  SIFT_HTTPS: z.preprocess(emptyToUndefined, z.enum(["on", "off"]).optional()),
  // local: one reviewer, no sign-in (the embedded default); accounts: sign-in and roles (lib/auth).
  SIFT_AUTH: z.preprocess(emptyToUndefined, z.enum(["local", "accounts"]).default("local")),
  // Signs the session cookies in accounts mode; either name, at least 32 characters.
  SIFT_AUTH_SECRET: authSecret,
  BETTER_AUTH_SECRET: authSecret,
});

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success && result.data.SIFT_AUTH === "accounts" && !authSecretOf(result.data)) {
    throw new AppError(
      "CONFIG",
      "Invalid environment:\n  SIFT_AUTH_SECRET: is required with SIFT_AUTH=accounts " +
        "(or BETTER_AUTH_SECRET; 32+ random characters, e.g. `openssl rand -base64 32`)",
    );
  }
  if (result.success && result.data.SIFT_AUTH === "accounts" && !result.data.SIFT_HTTPS) {
    const named = parseAllowedHosts(result.data.SIFT_ALLOWED_HOSTS);
    if (named.length > 0) {
      throw new AppError(
        "CONFIG",
        "Invalid environment:\n  SIFT_HTTPS: say whether browsers reach Sift over https (on) or plain http (off) " +
          "when " +
          `SIFT_ALLOWED_HOSTS names ${named.join(", ")}: session cookies are Secure only over https.`,
      );
    }
  }
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new AppError("CONFIG", `Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** The secret that signs session cookies in accounts mode (either name; SIFT_AUTH_SECRET wins). */
export function authSecretOf(env: Env): string | undefined {
  return env.SIFT_AUTH_SECRET ?? env.BETTER_AUTH_SECRET;
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Absolute data directory for the embedded database and other local state. */
export function resolveDataDir(env: Env = getEnv()): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.SIFT_DATA_DIR);
}
