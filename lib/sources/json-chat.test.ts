import { describe, expect, it } from "vitest";
import { expectValid } from "@/lib/sources/__fixtures__/expect-valid";
import { parseSource } from "@/lib/sources/parse";
import { readableView, readSegment } from "@/lib/sources/view";

const parseJson = (value: unknown) => {
  const parsed = parseSource({ filename: "chat.json", text: JSON.stringify(value), maxBytes: 1_000_000 });
  expectValid(parsed);
  return parsed;
};

describe("chat JSON shapes", () => {
  it("{messages: [{sender, body, time}]} with clock-offset and epoch-ms times", () => {
    const parsed = parseJson({
      messages: [
        { sender: "Priya", body: "Kickoff is on the 3rd.", time: "00:01:05" },
        { sender: "Dan", body: "Noted.", time: 1_709_800_000_123 },
      ],
    });
    expect(parsed.format).toBe("chat-json");
    expect(readableView(parsed).text).toBe("Priya: Kickoff is on the 3rd.\nDan: Noted.");
    expect(parsed.segments.map((s) => s.startMs)).toEqual([65_000, 1_709_800_000_123]);
  });

  it("ChatGPT export content {parts: [...]} and a speaker with line breaks", () => {
    const parsed = parseJson([
      { author: { role: "user", name: "Priya\nSharma" }, content: { content_type: "text", parts: ["Draft the memo"] } },
    ]);
    expect(parsed.segments[0]).toMatchObject({ speaker: "Priya Sharma", text: "Draft the memo" });
  });

  it("keeps messages without a speaker; escapes read as their characters, CR as given", () => {
    const json = JSON.stringify([{ text: 'line one\r\nline two "é" 😀' }, { role: "assistant", content: "ok" }]);
    const parsed = parseSource({ filename: "chat.json", text: json.replace("é", "\\u00e9"), maxBytes: 1_000 });
    expectValid(parsed);
    expect(parsed.segments[0]?.text).toBe('line one\\r\\nline two \\"\\u00e9\\" 😀');
    expect(readableView(parsed).text).toBe('line one\r\nline two "é" 😀\nassistant: ok');
    expect(parsed.segments[0]?.speaker).toBeNull();
  });

  it("an escaped lone surrogate reads as U+FFFD, in the text and the name (PostgreSQL refuses it)", () => {
    const json = '[{"speaker":"Ann\\ud800","text":"ok \\udc00 fine \\ud83d\\ude00"}]';
    const parsed = parseSource({ filename: "chat.json", text: json, maxBytes: 1_000 });
    expectValid(parsed);
    expect(parsed.text).toBe(json);
    expect(parsed.segments[0]?.speaker).toBe("Ann\uFFFD");
    expect(readSegment(parsed.segments[0]!)).toBe("ok \uFFFD fine 😀");
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    expect(parsed.segments[0]?.markup?.map((m) => m.as).filter((as) => lone.test(as))).toEqual([]);
  });

  it("Slack messages without profiles fall back to the name seen elsewhere, then the user id", () => {
    const parsed = parseJson([
      {
        type: "message",
        user: "U1",
        text: "first",
        ts: "1709800000.000100",
        user_profile: { real_name: "Priya Sharma" },
      },
      { type: "message", user: "U1", text: "<@U2> second", ts: "1709800001.000200" },
      { type: "message", user: "U2", text: "third &lt;3", ts: "1709800002.000300" },
    ]);
    expect(parsed.format).toBe("slack-json");
    expect(parsed.segments.map((s) => [s.speaker, readSegment(s)])).toEqual([
      ["Priya Sharma", "first"],
      ["Priya Sharma", "@U2 second"],
      ["U2", "third <3"],
    ]);
  });

  it("consecutive messages of one person stay separate turns (each has its own time)", () => {
    const parsed = parseJson([
      { speaker: "Priya", text: "a", timestamp: "2024-03-07T10:00:00Z" },
      { speaker: "Priya", text: "b", timestamp: "2024-03-07T10:00:05Z" },
    ]);
    expect(parsed.segments).toHaveLength(2);
  });
});
