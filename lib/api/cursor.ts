import { z } from "zod";
import { AppError } from "@/lib/errors";

/**
 * Cursors are the last row's sort key, as base64url JSON: opaque to clients, checked by a schema when
 * they come back (a cursor that was not ours is a VALIDATION error, never a 500).
 */
export function encodeCursor(key: unknown): string {
  return Buffer.from(JSON.stringify(key), "utf8").toString("base64url");
}

export function decodeCursor<S extends z.ZodType>(schema: S, cursor: string | undefined): z.infer<S> | null {
  if (cursor === undefined || cursor === "") return null;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    raw = undefined;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError("VALIDATION", "This cursor is not one Sift gave out; start again without it.", {
      fieldErrors: { cursor: ["Use nextCursor from the previous page"] },
    });
  }
  return parsed.data;
}
