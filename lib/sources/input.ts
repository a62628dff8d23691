import { AppError } from "@/lib/errors";
import { tooLargeMessage } from "@/lib/format";
import { parseSource } from "@/lib/sources/parse";
import type { ParsedSource } from "@/lib/sources/schema";

/**
 * A transcript as a person or a client sends it, a paste or a file, checked the one way the ingest form
 * and the API share: something must be sent, an oversized file is refused before it is read, and parsing
 * turns it into text and segments (a bad file is an AppError, so nothing is saved).
 */
export async function readSourceInput({
  text,
  file,
  maxBytes,
}: {
  text?: string;
  file?: File | null;
  maxBytes: number;
}): Promise<{ parsed: ParsedSource; upload: File | null }> {
  const upload = file && file.size > 0 ? file : null;
  if (!upload && !text?.trim()) {
    throw new AppError("VALIDATION", "Paste a transcript or choose a file first.", {
      fieldErrors: { text: ["Paste a transcript or choose a file first."] },
    });
  }
  if (upload && upload.size > maxBytes) {
    // Checked before reading the body into memory.
    throw new AppError("TOO_LARGE", tooLargeMessage(upload.name, upload.size, maxBytes));
  }
  const parsed = upload
    ? parseSource({
        filename: upload.name,
        mediaType: upload.type || undefined,
        bytes: new Uint8Array(await upload.arrayBuffer()),
        maxBytes,
      })
    : parseSource({ text: text ?? "", maxBytes });
  return { parsed, upload };
}
