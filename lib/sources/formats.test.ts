import { describe, expect, it } from "vitest";
import { declaredKind } from "@/lib/sources/detect";
import { ACCEPTED_FORMATS, FILE_INPUT_ACCEPT, FORMAT_TABLE, STORED_FORMATS } from "@/lib/sources/formats";
import { parseSource } from "@/lib/sources/parse";
import { readableView } from "@/lib/sources/view";

const MAX = 5 * 1024 * 1024;

/** One small file of each kind, as a user would give it. */
const SAMPLES: Record<(typeof FORMAT_TABLE)[number]["kind"], string> = {
  text: "Priya: We ship in May.\nDan: Agreed.\n",
  markdown: "# Sync\n\n- **Decision:** ship in May\n",
  vtt: "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Priya>We ship in <b>May</b>.\n",
  srt: "1\n00:00:01,000 --> 00:00:04,000\nPriya: We ship in May.\n",
  json: '[{"speaker": "Priya", "text": "We ship in May."}]',
};

describe("the format table", () => {
  it("gives every extension and media type one format", () => {
    const extensions = FORMAT_TABLE.flatMap((f) => f.extensions);
    const mediaTypes = FORMAT_TABLE.flatMap((f) => f.mediaTypes);
    expect(new Set(extensions).size).toBe(extensions.length);
    expect(new Set(mediaTypes).size).toBe(mediaTypes.length);
    expect(new Set(STORED_FORMATS).size).toBe(STORED_FORMATS.length);
  });

  it.each(FORMAT_TABLE.map((f) => [f.kind, f] as const))(
    "%s: each extension and media type declares it, and a file of it is stored as one of its formats",
    (kind, format) => {
      for (const extension of format.extensions) {
        expect(declaredKind(`notes.${extension.toUpperCase()}`)).toBe(kind);
        const parsed = parseSource({ filename: `notes.${extension}`, text: SAMPLES[kind], maxBytes: MAX });
        expect(format.stored).toContain(parsed.format);
      }
      for (const mediaType of format.mediaTypes) expect(declaredKind(undefined, mediaType)).toBe(kind);
    },
  );

  it.each(FORMAT_TABLE.filter((f) => f.sniff).map((f) => [f.kind, f] as const))(
    "%s pasted without a name is recognised by its content",
    (kind, format) => {
      const parsed = parseSource({ text: SAMPLES[kind], maxBytes: MAX });
      expect(format.stored).toContain(parsed.format);
    },
  );

  it("reads subtitles and chats as turns, text and Markdown as stored", () => {
    for (const format of FORMAT_TABLE) {
      const parsed = parseSource({ filename: `a.${format.extensions[0]}`, text: SAMPLES[format.kind], maxBytes: MAX });
      const view = readableView(parsed);
      if (format.view === "as stored") expect(view.text).toBe(parsed.text);
      else expect(view.text.split("\n")[0]).toBe("Priya: We ship in May.");
    }
  });

  it("names every format in the refusal, and the file picker offers every extension", () => {
    expect(ACCEPTED_FORMATS).toBe(
      "Accepted formats: plain text (.txt), Markdown (.md), WebVTT (.vtt), SubRip (.srt) and chat JSON " +
        "(.json: Slack export or a list of messages).",
    );
    for (const extension of FORMAT_TABLE.flatMap((f) => f.extensions)) {
      expect(FILE_INPUT_ACCEPT.split(",")).toContain(`.${extension}`);
    }
  });
});
