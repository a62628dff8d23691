import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { createOfflineExtractor } from "@/lib/extraction/offline";
import { proposeCandidates } from "@/tests/chain/propose";
import { parseSource } from "@/lib/sources/parse";
import type { Segment } from "@/lib/sources/schema";
import { readableView } from "@/lib/sources/view";

/**
 * Subtitles and chat exports are stored as the user's file too: whatever the markup (voice and style
 * tags, entities, JSON escapes), white space, line ends or characters, every segment and every quote is
 * the decoded input sliced at its offsets (UTF-16 code units), and the extractor still reads clean words.
 */

const names = ["Ann Lee", "Bo", "Zoë Ürün", "王伟"];
const speaker = fc.constantFrom(...names);
const space = fc.constantFrom(" ", " ", " ", "  ", "\t");
const word = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("the", "team", "budget", "launch", "review", "March", "40k", "beta") },
  { weight: 2, arbitrary: fc.constantFrom("café", "e\u0301te\u0301", "😀", "👍🏽", "𝔘nicode", "—", "“quoted”", "it’s") },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-zé]{1,7}$/) },
);
const cue = fc.constantFrom("we decided to", "the budget must stay under", "I will send", "we agreed on", "I'll take");
const sentence = fc
  .tuple(cue, fc.array(fc.tuple(space, word), { minLength: 2, maxLength: 6 }), fc.constantFrom(".", "!", ""))
  .map(([c, rest, end]) => c + rest.map(([s, w]) => s + w).join("") + end);
const eol = fc.constantFrom("\n", "\r\n", "\r");

/** A sentence with subtitle markup sprinkled between its words. */
const marked = (markup: string[]) =>
  fc.tuple(sentence, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...markup)), { maxLength: 3 })).map(([s, marks]) => {
    const words = s.split(" ");
    for (const [at, mark] of marks) words.splice(at % (words.length + 1), 0, mark);
    return words.join(" ");
  });

const stamp = (ms: number, sep: "." | ",") => {
  const s = Math.floor(ms / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}${sep}${pad(ms % 1000, 3)}`;
};

const vttCue = fc.tuple(
  speaker,
  fc.constantFrom("voice", "label", "none"),
  fc.array(marked(["<b>", "</b>", "<i>", "&amp;", "&lt;", "<c.loud>", "&nbsp;"]), { minLength: 1, maxLength: 2 }),
  fc.boolean(),
);
const vtt = fc
  .tuple(fc.array(vttCue, { minLength: 1, maxLength: 6 }), eol, fc.nat(2), fc.boolean())
  .map(([cues, nl, blanks, notes]) => {
    const blocks = cues.map(([who, how, lines, id], i) => {
      const body = lines.join(nl);
      const said = how === "voice" ? `<v ${who}>${body}</v>` : how === "label" ? `${who}: ${body}` : body;
      const timing = `${stamp(i * 2000, ".")} --> ${stamp(i * 2000 + 1500, ".")}`;
      return [...(id ? [`cue-${i}`] : []), timing, said].join(nl);
    });
    const head = `WEBVTT${nl}${nl}${notes ? `NOTE made up${nl}${nl}` : ""}`;
    return head + blocks.join(nl.repeat(2 + blanks)) + nl;
  });

const srt = fc
  .tuple(
    fc.array(fc.tuple(speaker, fc.array(marked(["<i>", "</i>", "{\\an8}", "&amp;"]), { minLength: 1, maxLength: 2 })), {
      minLength: 1,
      maxLength: 6,
    }),
    eol,
    fc.nat(2),
  )
  .map(([cues, nl, blanks]) =>
    cues
      .map(([who, lines], i) => {
        const timing = `${stamp(i * 2000, ",")} --> ${stamp(i * 2000 + 1500, ",")}`;
        return [String(i + 1), timing, `${who.toUpperCase()}: ${lines.join(nl)}`].join(nl);
      })
      .join(nl.repeat(2 + blanks)),
  );

/** `JSON.stringify` as Python's `ensure_ascii` writes it: every non-ASCII UTF-16 unit as \uXXXX, "/" as "\/". */
const asciiOnly = (json: string) =>
  json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).replace(/\//g, "\\/");

const chat = fc
  .tuple(
    fc.array(fc.tuple(speaker, fc.array(sentence, { minLength: 1, maxLength: 2 }), fc.constantFrom(" ", "\n", '"'))),
    fc.constantFrom(0, 2, "\t"),
    fc.boolean(),
    fc.boolean(),
    fc.boolean(),
  )
  .filter(([messages]) => messages.length > 0)
  .map(([messages, indent, ascii, crlf, slack]) => {
    const items = messages.map(([who, sentences, glue], i) =>
      slack
        ? {
            type: "message",
            user: `U${i % 3}`,
            user_profile: { real_name: who },
            text: sentences.join(glue),
            ts: `${1e9 + i}.0001`,
          }
        : { speaker: who, text: sentences.join(glue), timestamp: "2024-03-07T10:00:00Z" },
    );
    let json = JSON.stringify(slack ? items : { messages: items }, null, indent);
    if (ascii) json = asciiOnly(json);
    return crlf ? json.replace(/\n/g, "\r\n") : json;
  });

/** What the stored text [start, end) reads as inside its segment; null when the span cuts a piece of markup. */
function readRange(text: string, segment: Segment, start: number, end: number): string | null {
  let out = "";
  let at = start;
  for (const m of [...(segment.markup ?? [])].sort((a, b) => a.start - b.start)) {
    if (m.end <= start || m.start >= end) continue;
    if (m.start < start || m.end > end) return null;
    out += text.slice(at, m.start) + m.as;
    at = m.end;
  }
  return out + text.slice(at, end);
}

const WORD = /[\p{L}\p{N}\p{M}]/u;

async function expectSpansHold(text: string, filename: string, bom: boolean): Promise<number> {
  const parsed = parseSource({ filename, text: (bom ? "\uFEFF" : "") + text, maxBytes: 1_000_000 });
  expect(parsed.text).toBe(text);
  for (const s of parsed.segments) expect(text.slice(s.start, s.end)).toBe(s.text);
  // The extractor reads clean words: no tag, entity or escape survives into what it reads.
  expect(readableView(parsed).text).not.toMatch(/<\/?[bic]\b|&amp;|&nbsp;|\\u[0-9a-f]{4}|\\"|-->|\{\\an8\}/);
  const result = await proposeCandidates({
    extractor: createOfflineExtractor(),
    input: { text: parsed.text, segments: parsed.segments, format: parsed.format, kinds: getPresetKinds("meeting") },
    tokenBudget: 3000,
    concurrency: 1,
  });
  const view = readableView(parsed);
  for (const c of result.candidates) {
    expect(c.supported).toBe(true);
    expect(text.slice(c.start!, c.end!)).toBe(c.quote);
    expect(c.content).not.toMatch(/<\/?[bic]\b|&amp;|\\u[0-9a-f]{4}|-->/);
    // The stored quote reads as whole words of the view: no markup cut, no word cut at either end. A quote may
    // run over two turns (an utterance joined across a backchannel); each end then lies in its own turn.
    const first = parsed.segments.find((s) => s.start <= c.start! && c.start! < s.end);
    const last = parsed.segments.find((s) => s.start < c.end! && c.end! <= s.end);
    expect(first && last).toBeTruthy();
    const start = view.toView(c.start!, "start");
    const end = view.toView(c.end!, "end");
    if (first === last) expect(readRange(text, first!, c.start!, c.end!)).toBe(view.text.slice(start, end));
    else {
      expect(readRange(text, first!, c.start!, first!.end)).not.toBeNull();
      expect(readRange(text, last!, last!.start, c.end!)).not.toBeNull();
    }
    const edges = [view.text[start - 1] ?? " ", view.text[start]!, view.text[end - 1]!, view.text[end] ?? " "];
    expect(WORD.test(edges[0]!) && WORD.test(edges[1]!)).toBe(false);
    expect(WORD.test(edges[2]!) && WORD.test(edges[3]!)).toBe(false);
  }
  return result.candidates.length;
}

describe("spans into the user's own subtitle and chat files", () => {
  const cases = [
    ["WebVTT", vtt, "t.vtt"],
    ["SubRip", srt, "t.srt"],
    ["chat and Slack JSON", chat, "t.json"],
  ] as const;
  for (const [name, arbitrary, filename] of cases) {
    it(`${name}: stored as given, every segment and quote sliced at its offsets`, async () => {
      let found = 0;
      await fc.assert(
        fc.asyncProperty(arbitrary, fc.boolean(), async (text, bom) => {
          found += await expectSpansHold(text, filename, bom);
        }),
        { numRuns: 60 },
      );
      // The inputs carry decision cues: a property that found no quote would have tested nothing.
      expect(found).toBeGreaterThan(30);
    });
  }
});
