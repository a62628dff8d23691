import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { expectValid, fixture } from "@/lib/sources/__fixtures__/expect-valid";
import { readSegment } from "@/lib/sources/view";
import { parseSource, type ParseSourceInput } from "@/lib/sources/parse";

const MAX = 1_000_000;
const TRANSCRIPT = "Priya: Ünïcödé café — 10 €\nDan: ok 👍";

function utf16(text: string, order: "le" | "be", bom: boolean): Uint8Array {
  const out: number[] = bom ? (order === "le" ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const pair = [unit & 0xff, unit >> 8];
    out.push(...(order === "le" ? pair : pair.reverse()));
  }
  return new Uint8Array(out);
}

function refusal(input: Partial<ParseSourceInput>): AppError {
  try {
    parseSource({ maxBytes: MAX, ...input });
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("expected parseSource to refuse the input");
}

describe("decoding", () => {
  it.each([
    ["UTF-8", new TextEncoder().encode(TRANSCRIPT)],
    ["UTF-8 with BOM", new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(TRANSCRIPT)])],
    ["UTF-16LE with BOM", utf16(TRANSCRIPT, "le", true)],
    ["UTF-16BE with BOM", utf16(TRANSCRIPT, "be", true)],
    ["UTF-16LE without BOM", utf16(TRANSCRIPT, "le", false)],
  ])("%s gives the same text and speakers", (_, bytes) => {
    const parsed = parseSource({ filename: "t.txt", bytes, maxBytes: MAX });
    expectValid(parsed);
    expect(parsed.text).toBe(TRANSCRIPT);
    expect(parsed.participants).toEqual(["Priya", "Dan"]);
    expect(parsed.segments[1]?.text).toBe("ok 👍");
  });

  it("a UTF-16 VTT with BOM and CRLF line endings parses like the UTF-8 original", () => {
    const original = new TextDecoder().decode(fixture("teams.vtt"));
    const bytes = utf16(`\uFEFF${original.replace(/\n/g, "\r\n")}`.slice(1), "le", true);
    const parsed = parseSource({ filename: "teams.vtt", bytes, maxBytes: MAX });
    expectValid(parsed);
    const lf = parseSource({ filename: "teams.vtt", bytes: fixture("teams.vtt"), maxBytes: MAX });
    // Stored as given (CRLF kept), so offsets differ; what each turn says, and when, does not.
    expect(parsed.text).toBe(original.replace(/\n/g, "\r\n"));
    const said = (p: typeof parsed) => p.segments.map((s) => [s.speaker, s.startMs, s.endMs, readSegment(s)]);
    expect(said(parsed)).toEqual(said(lf));
  });

  it("CRLF and lone CR end lines but stay in the stored text, so offsets point into the user's text", () => {
    const input = "Priya: one\r\nmore\rDan: two\r\n";
    const parsed = parseSource({ text: input, maxBytes: MAX });
    expectValid(parsed);
    expect(parsed.text).toBe(input);
    expect(parsed.segments.map((s) => [s.speaker, s.text])).toEqual([
      ["Priya", "one\r\nmore"],
      ["Dan", "two"],
    ]);
  });

  it("an SRT with CRLF and a BOM keeps its timings", () => {
    const crlf = new TextDecoder().decode(fixture("meeting.srt")).replace(/\n/g, "\r\n");
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(crlf)]);
    const parsed = parseSource({ filename: "m.srt", bytes, maxBytes: MAX });
    expectValid(parsed);
    expect(parsed.segments.map((s) => s.startMs)).toEqual([500, 6400, 10000]);
  });

  it("reads an old Windows-1252 export instead of refusing it", () => {
    const bytes = new Uint8Array([...new TextEncoder().encode("Priya: caf"), 0xe9, 0x20, 0x93, 0x6f, 0x6b, 0x94]);
    const parsed = parseSource({ bytes, maxBytes: MAX });
    expect(parsed.segments[0]?.text).toBe("café “ok”");
    // Not silently: the person is told how it was read.
    expect(parsed.decoding).toBe("The file is not valid UTF-8: it was read as Windows-1252.");
    expect(parseSource({ bytes: new TextEncoder().encode(TRANSCRIPT), maxBytes: MAX }).decoding).toBeUndefined();
  });
});

describe("refusals", () => {
  it("over the limit: TOO_LARGE with size and limit in MB, for uploads and pastes", () => {
    const big = refusal({ bytes: new Uint8Array(3 * 1024 * 1024).fill(0x61), maxBytes: 2 * 1024 * 1024 });
    expect(big.code).toBe("TOO_LARGE");
    expect(big.message).toBe("The file is 3 MB; the limit is 2 MB.");
    const paste = refusal({ text: "é".repeat(600_000), maxBytes: 1024 * 1024 });
    expect(paste.code).toBe("TOO_LARGE");
    // 1,200,000 bytes is 1.14 MB: a refused size is rounded up.
    expect(paste.message).toBe("The pasted text is 1.2 MB; the limit is 1 MB.");
  });

  it.each([
    ["empty bytes", { bytes: new Uint8Array() }],
    ["whitespace only", { text: " \n\t\r\n  " }],
    ["only a BOM", { bytes: new Uint8Array([0xef, 0xbb, 0xbf]) }],
    ["a NUL byte", { bytes: new Uint8Array([0x68, 0x69, 0x00, 0x21, 0x21]) }],
    [
      "a PNG header",
      { filename: "x.txt", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) },
    ],
    [
      "random high bytes",
      { bytes: new Uint8Array([0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x28, 0x8c, 0xbc]) },
    ],
    ["control characters in a paste", { text: "a\u0001b\u0002c\u0003d\u0004" }],
    ["a VTT with no cues", { filename: "x.vtt", text: "WEBVTT\n\nNOTE nothing here\n" }],
  ])("%s: UNSUPPORTED_FILE", (_, input) => {
    expect(refusal(input).code).toBe("UNSUPPORTED_FILE");
  });

  it("binary and empty refusals say what is wrong", () => {
    expect(refusal({ bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00]) }).message).toMatch(/binary.*NUL/);
    expect(refusal({ text: "   " }).message).toMatch(/empty/);
  });

  it.each(["minutes.pdf", "notes.docx", "call.mp3"])("%s: refused with the accepted formats", (filename) => {
    const error = refusal({ filename, text: "Priya: hi" });
    expect(error.code).toBe("UNSUPPORTED_FILE");
    expect(error.message).toContain(`.${filename.split(".")[1]}`);
    expect(error.message).toMatch(/\.txt.*\.md.*\.vtt.*\.srt.*\.json/);
  });

  it("an unknown media type without an extension is refused; octet-stream is sniffed", () => {
    expect(refusal({ mediaType: "application/pdf", text: "x" }).message).toContain("application/pdf");
    const parsed = parseSource({ mediaType: "application/octet-stream", text: "Priya: hi", maxBytes: MAX });
    expect(parsed.participants).toEqual(["Priya"]);
  });

  it("malformed JSON says where", () => {
    const error = refusal({
      filename: "chat.json",
      text: '[\n  {"speaker": "Priya", "text": "hi"},\n  {"speaker": }\n]',
    });
    expect(error.code).toBe("UNSUPPORTED_FILE");
    expect(error.message).toMatch(/malformed at line 3, column 15/);
  });

  it.each([
    ["a number", "42"],
    ["an object without messages", '{"name": "Q3 plan", "owner": "Priya"}'],
    ["an array of numbers", "[1, 2, 3]"],
    ["messages without text", '[{"speaker": "Priya"}, {"speaker": "Dan", "text": "  "}]'],
    ["an empty array", "[]"],
  ])("JSON that is %s is not a chat", (_, text) => {
    const error = refusal({ filename: "x.json", text });
    expect(error.code).toBe("UNSUPPORTED_FILE");
    expect(error.message).toMatch(/Slack export/);
  });

  it("a paste that only starts like JSON is read as text", () => {
    const parsed = parseSource({ text: "[14:02] Priya: the {config} broke", maxBytes: MAX });
    expect(parsed.segments[0]).toMatchObject({ speaker: "Priya", text: "the {config} broke" });
  });

  it("no bytes and no text is a VALIDATION error", () => {
    expect(refusal({}).code).toBe("VALIDATION");
  });
});
