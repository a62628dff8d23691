import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { ParsedSourceSchema, type ParsedSource } from "@/lib/sources/schema";

export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(import.meta.dirname, name)));
}

/** The contract every parse result must keep, whatever the input. */
export function expectValid(parsed: ParsedSource): void {
  expect(() => ParsedSourceSchema.parse(parsed)).not.toThrow();
  for (const seg of parsed.segments) {
    expect(parsed.text.slice(seg.start, seg.end)).toBe(seg.text);
  }
  const speakers = parsed.segments.flatMap((s) => (s.speaker === null ? [] : [s.speaker]));
  expect(parsed.participants).toEqual([...new Set(speakers)]);
}

/** Non-throwing version for property tests, where expect() inside fc is noisy. */
export function isValid(parsed: ParsedSource): boolean {
  if (!ParsedSourceSchema.safeParse(parsed).success) return false;
  if (!parsed.segments.every((s) => parsed.text.slice(s.start, s.end) === s.text)) return false;
  const speakers = parsed.segments.flatMap((s) => (s.speaker === null ? [] : [s.speaker]));
  return JSON.stringify(parsed.participants) === JSON.stringify([...new Set(speakers)]);
}
