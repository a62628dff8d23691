import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseInput } from "./action";

describe("parseInput", () => {
  it("drops NUL from every string, nested too: PostgreSQL refuses it (a reject reason of NUL was a 500)", () => {
    const schema = z.object({ reason: z.string(), edits: z.object({ tags: z.array(z.string()) }) });
    expect(parseInput(schema, { reason: "\u0000too\u0000 vague", edits: { tags: ["a\u0000b"] } })).toEqual({
      reason: "too vague",
      edits: { tags: ["ab"] },
    });
  });

  it("keeps a source text of only NULs for the check that says so; any other field of only NULs becomes empty", () => {
    // A settings template of one NUL reached the insert and was a 500 (fuzz seed 901116864).
    const schema = z.object({ text: z.string(), promptTemplate: z.string(), title: z.string().min(1) });
    expect(
      parseInput(schema.pick({ text: true, promptTemplate: true }), { text: "\u0000\u0000", promptTemplate: "\u0000" }),
    ).toEqual({ text: "\u0000\u0000", promptTemplate: "" });
    expect(() => parseInput(schema.pick({ title: true }), { title: "\u0000" })).toThrow(
      expect.objectContaining({ code: "VALIDATION", fieldErrors: { title: [expect.any(String)] } }),
    );
  });

  it("makes a lone surrogate U+FFFD (no UTF-8 encodes it; a settings text with one was a 500) and keeps emoji", () => {
    expect(parseInput(z.string(), "a\ud800b \udc00 😀")).toBe("a\ufffdb \ufffd 😀");
  });

  it("leaves files and dates alone and still refuses what the schema refuses, by field", () => {
    const when = new Date("2026-12-01T00:00:00Z");
    expect(parseInput(z.object({ when: z.date() }), { when })).toEqual({ when });
    expect(() => parseInput(z.object({ n: z.number() }), { n: "1" })).toThrow(
      expect.objectContaining({ code: "VALIDATION", fieldErrors: { n: [expect.any(String)] } }),
    );
  });
});
