// The stdin loop shared by `sift match` and `sift review`: one JSON value per line in, one JSON line
// out. A bad line gets an {"error"} line and the run goes on; the result is the exit code, 1 if any
// line was bad.
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { z } from "zod";
import type { CliIo } from "./io";

export async function mapJsonLines<S extends z.ZodType>({
  io,
  schema,
  expected,
  handle,
}: {
  io: CliIo;
  schema: S;
  /** Shown for a line that is JSON but not the expected shape. */
  expected: string;
  handle: (value: z.infer<S>) => unknown;
}): Promise<number> {
  let failed = false;
  const lines = createInterface({ input: Readable.from(io.stdin), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    try {
      const out = await handle(schema.parse(JSON.parse(line)));
      io.stdout(`${JSON.stringify(out)}\n`);
    } catch (error) {
      failed = true;
      const message = error instanceof z.ZodError ? expected : error instanceof Error ? error.message : String(error);
      io.stdout(`${JSON.stringify({ error: message })}\n`);
    }
  }
  return failed ? 1 : 0;
}
