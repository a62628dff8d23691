import { describe, expect, it } from "vitest";
import { describeInvisible, findInvisible, stripInvisible } from "./invisible";

describe("invisible characters", () => {
  it("finds zero-width spaces, bidi overrides, the BOM and tag characters, and says which", () => {
    const text = "Ship\u200b it on \u202eFriday\u202c\ufeff; approve\u{E0061}";
    expect(findInvisible(text).map((f) => f.code)).toEqual(["U+200B", "U+202E", "U+202C", "U+FEFF", "U+E0061"]);
    expect(describeInvisible("a\u200bb\u200bc\u2066d")).toBe("U+200B ×2, U+2066");
    expect(stripInvisible(text)).toBe("Ship it on Friday; approve");
  });

  it("finds control characters: an ANSI escape, NUL, DEL; keeps tabs and line breaks", () => {
    const text = "Ship it\u001b[2K\u001b[1Aapproved\u0000\u007f\tdone\r\n";
    expect(findInvisible(text).map((f) => f.code)).toEqual(["U+001B", "U+001B", "U+0000", "U+007F"]);
    expect(stripInvisible(text)).toBe("Ship it[2K[1Aapproved\tdone\r\n");
  });

  it("leaves ordinary text and emoji sequences alone", () => {
    const family = "The team mascot is 👨‍👩‍👧 and 🏳️‍🌈, café naïve 日本語.";
    expect(findInvisible(family)).toEqual([]);
    expect(describeInvisible(family)).toBeNull();
    expect(stripInvisible(family)).toBe(family);
    // A joiner that joins no emoji is still flagged.
    expect(describeInvisible("pass\u200dword")).toBe("U+200D");
  });
});
