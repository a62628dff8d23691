// What a command reads and writes, passed in: `npx sift` runs a command with the process's own (runAsCommand);
// the tests call its `main(argv, io)` in this process with their own streams and environment.
import path from "node:path";
import { pathToFileURL } from "node:url";

export interface CliIo {
  stdin: AsyncIterable<Buffer | string>;
  stdout(text: string): void;
  stderr(text: string): void;
  /** The environment the command reads its settings from (SIFT_*, API keys). */
  env: Record<string, string | undefined>;
  /** Whether stdout is a terminal. */
  isTTY: boolean;
}

export function processIo(): CliIo {
  return {
    stdin: process.stdin,
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    env: process.env,
    isTTY: Boolean(process.stdout.isTTY),
  };
}

/** Runs `main` with the process's streams when `moduleUrl` is the script node was started with. */
export function runAsCommand(moduleUrl: string, main: (argv: string[], io: CliIo) => Promise<number>): void {
  const entry = process.argv[1];
  if (!entry || pathToFileURL(path.resolve(entry)).href !== moduleUrl) return;
  main(process.argv.slice(2), processIo()).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
