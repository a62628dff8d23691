import webvtt, { type VttNode } from "webvtt-parser";
import type { Turn } from "@/lib/sources/build";

// The parser's default entity table lacks the ";" forms, which turns "&amp;" into "&;".
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&apos;": "'",
  "&nbsp;": " ",
  "&lrm;": "",
  "&rlm;": "",
  "&amp": "&",
  "&lt": "<",
  "&gt": ">",
  "&nbsp": " ",
};

function flatten(nodes: VttNode[]): string {
  let out = "";
  for (const node of nodes) {
    if (node.type === "text") out += node.value;
    // <rt> is a pronunciation guide over the base text: reading it aloud would say things twice.
    else if (node.type === "object" && node.name !== "rt") out += flatten(node.children);
  }
  return out;
}

/**
 * One cue can hold several voices (`<v Priya>Hi</v><v Dan>Hello</v>`); text outside any `<v>` has
 * no known speaker here (a "Name: " prefix is looked at later, across the whole file).
 */
function cueTurns(nodes: VttNode[], startMs: number, endMs: number): Turn[] {
  const turns: Turn[] = [];
  let loose = "";
  const flushLoose = () => {
    if (loose.trim() !== "") turns.push({ speaker: null, startMs, endMs, text: loose });
    loose = "";
  };
  for (const node of nodes) {
    if (node.type === "object" && node.name === "v") {
      flushLoose();
      turns.push({ speaker: node.value ?? null, startMs, endMs, text: flatten(node.children) });
    } else if (node.type === "text") {
      loose += node.value;
    } else if (node.type === "object" && node.name !== "rt") {
      loose += flatten(node.children);
    }
  }
  flushLoose();
  return turns;
}

/**
 * WebVTT (Zoom, Teams, YouTube…) via the W3C reference parser, which copes with cue ids, NOTE and
 * STYLE blocks, settings and styling tags. Returns one turn per voice per cue, in time order.
 */
export function parseVtt(text: string): Turn[] {
  // Without the signature the parser would treat the first cue's lines as the header.
  const trimmed = text.trimStart();
  const input = /^WEBVTT(?:[ \t\n]|$)/.test(trimmed) ? trimmed : `WEBVTT\n\n${trimmed}`;
  const { cues } = new webvtt.WebVTTParser(ENTITIES).parse(input, "metadata");
  return cues.flatMap((cue) =>
    cueTurns(cue.tree.children, Math.round(cue.startTime * 1000), Math.round(cue.endTime * 1000)),
  );
}
