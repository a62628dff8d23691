import { describe, expect, it } from "vitest";
import { markedPieces } from "@/lib/text/marks";

describe("what the queue marks in a text", () => {
  it("marks an ANSI escape and a zero-width space, keeping the rest as text", () => {
    expect(markedPieces("Deploy \u001b[31mnow\u200b ok")).toEqual([
      { kind: "text", text: "Deploy " },
      { kind: "invisible", code: "U+001B", length: 1 },
      { kind: "text", text: "[31mnow" },
      { kind: "invisible", code: "U+200B", length: 1 },
      { kind: "text", text: " ok" },
    ]);
  });

  it("marks the Cyrillic letter of a mixed-script word, not a Russian sentence", () => {
    expect(markedPieces("Pay at p\u0430ypal.com")).toEqual([
      { kind: "text", text: "Pay at p" },
      { kind: "lookalike", char: "\u0430", looksLike: "a", code: "U+0430" },
      { kind: "text", text: "ypal.com" },
    ]);
    expect(markedPieces("Мы решили перейти на Postgres")).toEqual([
      { kind: "text", text: "Мы решили перейти на Postgres" },
    ]);
  });

  it("leaves plain text whole", () => {
    expect(markedPieces("We chose Postgres.")).toEqual([{ kind: "text", text: "We chose Postgres." }]);
  });
});
