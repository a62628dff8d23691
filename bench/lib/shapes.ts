import { longTranscript } from "@/tests/long-transcript";

/**
 * Issue 22's pathological inputs, deterministic: `line` is one line of words with no punctuation, `megabytes`
 * long; `lines` is `lines` one-word lines; `transcript` is a meeting transcript of `megabytes` (~76 bytes a turn).
 */
const WORDS = "the billing service team decided we would move search index work to next quarter after review".split(
  " ",
);

function words(count: number, sep: string): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(`${WORDS[i % WORDS.length]}${i % 7 === 0 ? i % 1000 : ""}`);
  return out.join(sep);
}

export function pathologicalText(shape: string, megabytes: number, lines = 50_000): string {
  if (shape === "line") return words(Math.round((megabytes * 1024 * 1024) / 6.6), " ");
  if (shape === "lines") return words(lines, "\n");
  return longTranscript(Math.round((megabytes * 1024 * 1024) / 76));
}
