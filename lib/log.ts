import pino, { type DestinationStream, type Logger } from "pino";

/**
 * The one logger of the server, the CLI and the scripts: JSON lines with a level name, a time and fields a
 * reader can filter on (`runId`, `chunk`, `candidateId`, `sourceId`), written to stderr so a CLI's stdout
 * stays its output. `SIFT_LOG_LEVEL` sets the level (trace … fatal, or silent); under Vitest the default is
 * silent, since tests provoke failures on purpose. Errors go under `err`, which pino serializes with the stack.
 */
export type { Logger };

const LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;

function levelFromEnv(): string {
  const wanted = process.env.SIFT_LOG_LEVEL?.trim().toLowerCase();
  if (wanted && (LEVELS as readonly string[]).includes(wanted)) return wanted;
  return process.env.VITEST ? "silent" : "info";
}

/** A logger writing to `destination` (stderr by default); tests pass a stream of their own to read it. */
export function createLogger(destination?: DestinationStream, level = levelFromEnv()): Logger {
  return pino(
    {
      level,
      base: { app: "sift" },
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination ?? pino.destination({ fd: 2, sync: true }),
  );
}

export const log: Logger = createLogger();
