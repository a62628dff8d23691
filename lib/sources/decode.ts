import { AppError } from "@/lib/errors";
import { tooLargeMessage } from "@/lib/format";
import { stripInvisible } from "@/lib/text/invisible";

export function assertWithinLimit(byteLength: number, maxBytes: number, subject = "The file"): void {
  if (byteLength > maxBytes) throw new AppError("TOO_LARGE", tooLargeMessage(subject, byteLength, maxBytes));
}

/**
 * A paste is measured as the UTF-8 file it would be, so pastes and uploads share one limit. The ingest
 * form measures with this before sending, so browser and server agree: the action receives the textarea's
 * value with its line breaks unchanged (not turned into CRLF).
 */
export function utf8ByteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

export function assertTextWithinLimit(text: string, maxBytes: number): void {
  // Every UTF-16 code unit becomes 1–3 UTF-8 bytes: a small paste needs no encoding to be judged.
  if (text.length * 3 <= maxBytes) return;
  assertWithinLimit(utf8ByteLength(text), maxBytes, "The pasted text");
}

function refuseBinary(detail: string): never {
  throw new AppError(
    "UNSUPPORTED_FILE",
    `This looks like a binary file (${detail}), not text. Upload a transcript, chat export or notes as text.`,
  );
}

/** UTF-16 without a BOM shows up as a NUL in every other byte. */
function sniffUtf16WithoutBom(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  const n = Math.min(bytes.length - (bytes.length % 2), 4096);
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros >= pairs * 0.7 && evenZeros === 0) return "utf-16le";
  if (evenZeros >= pairs * 0.7 && oddZeros === 0) return "utf-16be";
  return null;
}

function decodeWith(encoding: string, bytes: Uint8Array, fatal: boolean): string | null {
  try {
    return new TextDecoder(encoding, { fatal, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Bytes → string: UTF-8 (BOM optional), UTF-16 LE/BE (BOM, or the NUL pattern without one), and as a
 * last resort Windows-1252 for old exports with a few accented bytes. Anything else is refused.
 */
export function decodeBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return decodeWith("utf-8", bytes.subarray(3), false) ?? "";
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return decodeWith("utf-16le", bytes.subarray(2), false) ?? "";
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return decodeWith("utf-16be", bytes.subarray(2), false) ?? "";
  }
  const utf16 = sniffUtf16WithoutBom(bytes);
  if (utf16) return decodeWith(utf16, bytes, false) ?? "";
  if (bytes.includes(0)) refuseBinary("it contains NUL bytes");

  const utf8 = decodeWith("utf-8", bytes, true);
  if (utf8 !== null) return utf8;

  // Not valid UTF-8. A legacy text file has a few high bytes among ASCII; binary data has many.
  let high = 0;
  for (const b of bytes) if (b >= 0x80) high++;
  if (high > bytes.length * 0.3) refuseBinary("it is not valid UTF-8 or UTF-16");
  return decodeWindows1252(bytes);
}

/**
 * What the person is told when their file was not UTF-8: read as Windows-1252 instead (an old export), so an
 * odd letter can be traced to the decoding rather than to Sift. Null for UTF-8 and UTF-16 (with or without BOM).
 */
export function decodingNote(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return null;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return null;
  if (sniffUtf16WithoutBom(bytes) || decodeWith("utf-8", bytes, true) !== null) return null;
  return "The file is not valid UTF-8: it was read as Windows-1252.";
}

// Windows-1252 differs from Latin-1 only in 0x80–0x9F (smart quotes, dashes, €), and Node builds
// without full ICU decode "windows-1252" as Latin-1, so those 32 bytes are mapped here.
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = decodeWith("latin1", bytes, false) ?? "";
  return latin1.replace(/[\u0080-\u009F]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
}

// C0 controls other than tab, LF, VT, FF, CR; plus DEL.
const CONTROL = /[\u0000-\u0008\u000E-\u001F\u007F]/g;

/**
 * Refuses text that is really binary (NULs, many control or replacement characters) or empty. The text
 * is otherwise kept as given (only a BOM is dropped): offsets into plain text and Markdown are offsets
 * into the user's own text, CRLF, blank lines and doubled spaces included.
 */
export function prepareSourceText(raw: string): string {
  // Only NULs, zero-width spaces or other characters nobody sees: nothing to read, said plainly.
  if (raw.trim() !== "" && stripInvisible(raw.replace(/\u0000/g, "")).trim() === "") {
    throw new AppError(
      "UNSUPPORTED_FILE",
      "There is no visible text: it holds only NUL, zero-width or other invisible characters. Nothing was saved.",
    );
  }
  if (raw.includes("\u0000")) refuseBinary("it contains NUL characters");
  const controls = raw.match(CONTROL)?.length ?? 0;
  if (controls > Math.max(2, raw.length * 0.01)) refuseBinary("it contains many control characters");
  let replacements = 0;
  for (const ch of raw) if (ch === "\uFFFD") replacements++;
  if (replacements > Math.max(3, raw.length * 0.01)) {
    refuseBinary("it contains many unreadable characters");
  }
  const text = raw.replace(/^\uFEFF/, "");
  if (text.trim() === "") {
    throw new AppError("UNSUPPORTED_FILE", "The file is empty: there is no text to read.");
  }
  return text;
}

/** For sniffing only (the timing lines tell a subtitle file): the stored text keeps its own line ends. */
export function unixLineEnds(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}
