/**
 * Parse timings for large inputs, to catch quadratic code or regex backtracking before users do.
 * Run: npx tsx bench/parse-sources.ts   (prints one line per case; numbers depend on the machine)
 */
import { parseSource } from "@/lib/sources/parse";

const MB = 1024 * 1024;
const names = ["Priya Sharma", "Dan Okafor", "Marta Lopez", "Jonas Weber"];
const sentence = "We agreed to ship the onboarding flow on March 14 and keep the budget at 40k for Q2.";

function repeatTo(bytes: number, make: (i: number) => string): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const part = make(i);
    parts.push(part);
    size += part.length;
  }
  return parts.join("");
}

const clock = (i: number) => {
  const s = i * 7;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
};

/** One message of a Slack channel export. */
const slackMessage = (i: number) =>
  `{"type":"message","user":"U${i % 4}","text":"${sentence}","ts":"${1709800000 + i}.000100",` +
  `"user_profile":{"real_name":"${names[i % 4]}"}}`;

const cases: Record<string, () => { text: string; filename?: string }> = {
  "plain transcript 5 MB": () => ({ text: repeatTo(5 * MB, (i) => `${names[i % 4]}: ${sentence}\n`) }),
  "otter 5 MB": () => ({ text: repeatTo(5 * MB, (i) => `${names[i % 4]}  ${clock(i)}\n${sentence}\n\n`) }),
  "zoom vtt 5 MB": () => ({
    filename: "z.vtt",
    text:
      "WEBVTT\n\n" +
      repeatTo(5 * MB, (i) => `${i + 1}\n${clock(i)}.000 --> ${clock(i + 1)}.000\n${names[i % 3]}: ${sentence}\n\n`),
  }),
  "srt 5 MB": () => ({
    filename: "s.srt",
    text: repeatTo(5 * MB, (i) => `${i + 1}\n${clock(i)},000 --> ${clock(i + 1)},000\n${sentence}\n\n`),
  }),
  "slack json 5 MB": () => ({
    filename: "s.json",
    text: `[${repeatTo(5 * MB, (i) => `${i ? "," : ""}${slackMessage(i)}`)}]`,
  }),
  "one 5 MB line without newlines": () => ({ text: repeatTo(5 * MB, () => "word ") }),
  "5 MB of near-labels (backtracking probe)": () => ({
    text: repeatTo(5 * MB, () => "Aa Bb Cc Dd Ee Ff Gg Hh Ii Jj 10:3 ((( **\n"),
  }),
};

for (const [name, make] of Object.entries(cases)) {
  const input = make();
  const t0 = performance.now();
  const parsed = parseSource({ ...input, maxBytes: 10 * MB });
  const ms = performance.now() - t0;
  console.log(`${name.padEnd(42)} ${ms.toFixed(0).padStart(6)} ms  ${parsed.segments.length} segments`);
}
