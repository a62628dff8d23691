import { describe, expect, it } from "vitest";
import { formatMegabytes, formatRunUsage, tooLargeMessage } from "@/lib/format";

const MB = 1024 * 1024;

describe("formatMegabytes", () => {
  it.each([
    [5 * MB, "5 MB"],
    [1.5 * MB, "1.5 MB"],
    [12.44 * MB, "12.4 MB"],
    [150 * MB, "150 MB"],
    [100_000, "0.095 MB"],
    [0, "0 MB"],
  ])("%d bytes: %s", (bytes, expected) => {
    expect(formatMegabytes(bytes)).toBe(expected);
  });

  it("rounds up on request, so a size just over a limit never reads as the limit", () => {
    expect(formatMegabytes(5 * MB + 10)).toBe("5 MB");
    expect(formatMegabytes(5 * MB + 10, { roundUp: true })).toBe("5.1 MB");
    expect(formatMegabytes(5 * MB, { roundUp: true })).toBe("5 MB");
  });
});

describe("tooLargeMessage", () => {
  it("gives the refused size and the limit in the same unit", () => {
    expect(tooLargeMessage("The pasted text", 10 * MB, 5 * MB)).toBe("The pasted text is 10 MB; the limit is 5 MB.");
    expect(tooLargeMessage("notes.txt", 2_100_000, 2 * MB)).toBe("notes.txt is 2.1 MB; the limit is 2 MB.");
    expect(tooLargeMessage("The file", 60_000, 51_200)).toBe("The file is 0.058 MB; the limit is 0.049 MB.");
  });
});

describe("formatRunUsage", () => {
  it("says nothing for a run without counted tokens (offline)", () => {
    expect(formatRunUsage({ inputTokens: null, outputTokens: null, costUsd: null })).toBe("");
  });

  it("gives tokens with separators, and the cost in dollars when a price was set", () => {
    expect(formatRunUsage({ inputTokens: 12_345, outputTokens: 678, costUsd: null })).toBe(
      "12,345 in / 678 out tokens",
    );
    expect(formatRunUsage({ inputTokens: 12_345, outputTokens: 678, costUsd: 0.0376425 })).toBe(
      "12,345 in / 678 out tokens · $0.038",
    );
    expect(formatRunUsage({ inputTokens: 1_000_000, outputTokens: 200_000, costUsd: 4.5 })).toBe(
      "1,000,000 in / 200,000 out tokens · $4.50",
    );
  });

  it("names cached and embedded tokens, and marks a run whose counts are partly estimated", () => {
    expect(
      formatRunUsage({
        inputTokens: 12_345,
        outputTokens: 678,
        cacheReadTokens: 4_000,
        embeddingTokens: 900,
        usageEstimated: true,
        costUsd: 0.0376425,
      }),
    ).toBe("12,345 in, 4,000 of them cached / 678 out tokens, 900 embedded · $0.038 (estimated)");
    expect(formatRunUsage({ inputTokens: 100, outputTokens: 6_200, usageEstimated: true, costUsd: null })).toBe(
      "100 in / 6,200 out tokens (estimated)",
    );
  });
});
