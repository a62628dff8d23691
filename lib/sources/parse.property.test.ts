import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { isValid } from "@/lib/sources/__fixtures__/expect-valid";
import { decodeBytes } from "@/lib/sources/decode";
import { parseSource, type ParseSourceInput } from "@/lib/sources/parse";
import { readSegment } from "@/lib/sources/view";

/**
 * The whole contract: a valid ParsedSource (offsets hold) or an AppError, nothing else. Every format is
 * stored as given (only a BOM dropped), and what its segments read as has no NUL (PostgreSQL refuses it).
 */
function holds(input: ParseSourceInput): boolean {
  try {
    const parsed = parseSource(input);
    const given = input.bytes !== undefined ? decodeBytes(input.bytes) : (input.text ?? "");
    const stored = parsed.text === given.replace(/^\uFEFF/, "");
    const readable = parsed.segments.every((s) => !/\u0000/.test(readSegment(s)));
    return isValid(parsed) && stored && readable && parsed.segments.length > 0;
  } catch (error) {
    return error instanceof AppError;
  }
}

const filename = fc.option(
  fc.constantFrom("a.txt", "a.md", "a.vtt", "a.srt", "a.json", "a.pdf", "noext", "a.TXT", "a.", "a.b.vtt"),
  { nil: undefined },
);
const mediaType = fc.option(
  fc.constantFrom(
    "text/plain",
    "text/vtt",
    "application/json",
    "application/octet-stream",
    "image/png",
    "text/csv; charset=utf-8",
  ),
  { nil: undefined },
);

/** Pieces that make the parsers take their interesting branches. */
const fragment = fc.oneof(
  fc.constantFrom(
    "Priya: ",
    "PRIYA (00:01:02): ",
    "[14:02] ",
    "**Dan:** ",
    "- ",
    "* ",
    "  ",
    "Note: ",
    "http://x.io/a:b",
    "Priya Sharma  0:42",
    "10:30",
    "WEBVTT",
    "WEBVTT\n\n",
    "-->",
    " --> ",
    "00:00:01.000",
    "00:00:01,000",
    "1\n",
    "\n",
    "\n\n",
    "\r\n",
    "\r",
    "# ",
    "## Decisions",
    ":",
    "：",
    "{",
    "[",
    "}",
    "]",
    '"',
    "<v Priya>",
    "</v>",
    "<i>",
    "&amp;",
    "&",
    "NOTE ",
    "STYLE",
    "\uFEFF",
    "\u0000",
    "\uFFFD",
    "王伟：",
    "👍",
    "@",
    "Speaker 1: ",
  ),
  fc.string({ maxLength: 12 }),
);
const textish = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(""));

const time = fc
  .tuple(fc.nat(2), fc.nat(70), fc.nat(70), fc.nat(1200), fc.constantFrom(".", ","))
  .map(
    ([h, m, s, ms, sep]) =>
      `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}${sep}${ms}`,
  );
const cue = fc.record({
  id: fc.option(fc.oneof(fc.nat(99).map(String), fc.uuid(), fc.constant("NOTE a note")), { nil: undefined }),
  start: time,
  end: time,
  settings: fc.constantFrom("", " align:start position:10%"),
  lines: fc.array(
    fc.oneof(
      textish,
      fc.tuple(fc.constantFrom("Priya", "Dan Okafor", "", " "), textish).map(([v, t]) => `<v ${v}>${t}</v>`),
      fc.tuple(fc.constantFrom("Priya Sharma: ", "DAN: ", "- "), textish).map(([p, t]) => p + t),
    ),
    { maxLength: 3 },
  ),
});
const subtitles = fc
  .tuple(fc.boolean(), fc.array(cue, { maxLength: 8 }), fc.constantFrom("\n", "\r\n"))
  .map(
    ([header, cues, eol]) =>
      (header ? `WEBVTT${eol}${eol}` : "") +
      cues
        .map((c) => [c.id, `${c.start} --> ${c.end}${c.settings}`, ...c.lines].filter((l) => l !== undefined).join(eol))
        .join(eol + eol),
  );

const runs = { numRuns: 400 };

describe("parseSource never fails with anything but an AppError", () => {
  it("arbitrary strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), filename, mediaType, (text, name, type) =>
        holds({ text, filename: name, mediaType: type, maxBytes: 100_000 }),
      ),
      runs,
    );
  });

  it("strings built from transcript-like fragments", () => {
    fc.assert(
      fc.property(textish, filename, (text, name) => holds({ text, filename: name, maxBytes: 100_000 })),
      runs,
    );
  });

  it("arbitrary bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), filename, fc.integer({ min: 0, max: 700 }), (bytes, name, max) =>
        holds({ bytes, filename: name, maxBytes: max }),
      ),
      runs,
    );
  });

  it("arbitrary JSON, and JSON shaped almost like a chat", () => {
    const message = fc.record(
      {
        speaker: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 2 })),
        author: fc.oneof(fc.record({ name: fc.string() }), fc.jsonValue({ maxDepth: 2 })),
        text: fc.oneof(fc.string(), textish, fc.jsonValue({ maxDepth: 3 })),
        content: fc.array(fc.oneof(fc.record({ type: fc.constant("text"), text: fc.string() }), fc.jsonValue())),
        ts: fc.oneof(fc.double(), fc.string(), fc.constant("1709800123.000200")),
        user_profile: fc.record({ real_name: fc.string() }),
        subtype: fc.constantFrom("channel_join", "bot_message", "thread_broadcast"),
      },
      { requiredKeys: [] },
    );
    const chat = fc.oneof(fc.array(message), fc.record({ messages: fc.array(message) }), fc.jsonValue());
    fc.assert(
      fc.property(chat, fc.constantFrom("a.json", undefined), (value, name) =>
        holds({ text: JSON.stringify(value) ?? "null", filename: name, maxBytes: 1_000_000 }),
      ),
      runs,
    );
  });

  it("VTT- and SRT-like text with odd cues, ids and voices", () => {
    fc.assert(
      fc.property(subtitles, fc.constantFrom("a.vtt", "a.srt", "a.txt", undefined), (text, name) =>
        holds({ text, filename: name, maxBytes: 1_000_000 }),
      ),
      runs,
    );
  });

  it("well-formed subtitles keep every speaker's words in the stored text", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom("Priya Sharma", "Dan Okafor"), fc.stringMatching(/^[a-z]{1,8}( [a-z]{1,8}){0,4}$/)),
          {
            minLength: 1,
            maxLength: 10,
          },
        ),
        (cues) => {
          const stamp = (i: number) => `00:00:${String(i).padStart(2, "0")}`;
          const cueText = cues.map(([who, words], i) => `${stamp(i)}.000 --> ${stamp(i)}.900\n<v ${who}>${words}</v>`);
          const vtt = `WEBVTT\n\n${cueText.join("\n\n")}`;
          const parsed = parseSource({ filename: "a.vtt", text: vtt, maxBytes: 1_000_000 });
          expect(isValid(parsed)).toBe(true);
          const spoken = parsed.segments.map((s) => `${s.speaker}|${readSegment(s)}`).join(" ");
          for (const [, words] of cues) expect(spoken).toContain(words);
          // consecutive cues of one speaker are one turn
          for (let i = 1; i < parsed.segments.length; i++) {
            expect(parsed.segments[i]?.speaker).not.toBe(parsed.segments[i - 1]?.speaker);
          }
          expect(new Set(parsed.participants)).toEqual(new Set(cues.map(([who]) => who)));
        },
      ),
      { numRuns: 200 },
    );
  });
});
