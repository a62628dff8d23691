import pino, { type DestinationStream, type Logger } from "pino";
import { maskSecrets, maskSecretsDeep } from "@/lib/secrets/mask";

/**
 * The one logger of the server, the CLI and the scripts: JSON lines with a level name, a time and fields a
 * reader can filter on (`runId`, `chunk`, `candidateId`, `sourceId`), written to stderr so a CLI's stdout
 * stays its output. `SIFT_LOG_LEVEL` sets the level (trace … fatal, or silent); under Vitest the default is
 * silent, since tests provoke failures on purpose. Errors go under `err`, which pino serializes with the stack.
 * Every string of a line, messages and errors included, goes through the secret mask (lib/secrets/mask.ts):
 * a credential in a candidate never reaches the log verbatim.
 */
export type { Logger };

const LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;

function levelFromEnv(): string {
  const wanted = process.env.SIFT_LOG_LEVEL?.trim().toLowerCase();
  if (wanted && (LEVELS as readonly string[]).includes(wanted)) return wanted;
  return process.env.VITEST ? "silent" : "info";
}

/** A log call's argument with its secrets masked: strings, plain objects, and errors (message, stack, cause). */
function masked(value: unknown, depth = 0): unknown {
  if (value instanceof Error && depth < 4) {
    return {
      type: value.name,
      message: maskSecrets(value.message),
      ...(value.stack ? { stack: maskSecrets(value.stack) } : {}),
      ...("code" in value && value.code !== undefined ? { code: value.code } : {}),
      ...(value.cause !== undefined ? { cause: masked(value.cause, depth + 1) } : {}),
    };
  }
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v, depth + 1)]));
  }
  return maskSecretsDeep(value);
}

/** A logger writing to `destination` (stderr by default); tests pass a stream of their own to read it. */
export function createLogger(destination?: DestinationStream, level = levelFromEnv()): Logger {
  return pino(
    {
      level,
      base: { app: "sift" },
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((a) => masked(a)) as Parameters<typeof method>);
        },
      },
    },
    destination ?? pino.destination({ fd: 2, sync: true }),
  );
}

export const log: Logger = createLogger();
