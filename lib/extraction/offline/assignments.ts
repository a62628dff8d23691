import type { Candidate } from "@/lib/extraction/schema";
import type { Segment } from "@/lib/sources/schema";

/**
 * An action item agreed across two turns: "Lin, can you own the canary pipeline by Friday?" answered
 * by Lin with "Sure, I'll take that." becomes "Lin owns the canary pipeline by Friday.", quoted from
 * the question to the acceptance.
 */

const REQUEST = new RegExp(
  "(?:^|[.!?]\\s+)(?:(?:so|and|okay|ok|also)[\\s,]+)?(?:([\\p{Lu}][\\p{L}'-]{1,30}),?\\s+)?" +
    "(?:can|could|would|will) you\\s+(?:please\\s+)?(?:maybe\\s+)?" +
    "(own|take(?: on| over)?|handle|drive|lead|send|write|draft|do|look into|follow up on|set up|update|prepare|" +
    "check|review|fix|book|schedule|run|organi[sz]e|share)\\b([^?]{3,200})\\?",
  "u",
);
const ACCEPT = new RegExp(
  "^[\\s\\p{P}]*(?:sure|yes|yeah|yep|yup|ok(?:ay)?|absolutely|of course|definitely|will do|happy to|can do|" +
    "i can|i will|i'll (?:take|do|handle|own)|on it|no problem|sounds good)\\b[^.!?\\n]{0,60}[.!]?",
  "iu",
);
const REFUSE = /\b(?:not sure|can't|cannot|won't|no time|not me|rather not)\b/i;

/** Second person in the task, said of the owner: "your team" → "Lin's team". */
function thirdPerson(task: string, owner: string): string {
  return task
    .replace(/\byour\b/gi, `${owner}'s`)
    .replace(/\byourself\b/gi, "themselves")
    .replace(/\byou\b/gi, owner)
    .replace(/\s+/g, " ")
    .trim();
}

function samePerson(named: string, speaker: string): boolean {
  const a = named.toLowerCase();
  const b = speaker.toLowerCase();
  return a === b || b.split(/\s+/)[0] === a;
}

/** Each request one turn answered by its addressee's acceptance in the next, as an action item. */
export function findAssignments(text: string, segments: Segment[], allowed: Set<string>): Candidate[] {
  if (!allowed.has("action_item")) return [];
  const out: Candidate[] = [];
  for (let i = 0; i + 1 < segments.length; i++) {
    const ask = segments[i]!;
    const reply = segments[i + 1]!;
    if (!reply.speaker || reply.speaker === ask.speaker) continue;
    if (text.slice(ask.start, ask.end) !== ask.text || text.slice(reply.start, reply.end) !== reply.text) continue;
    const request = REQUEST.exec(ask.text);
    const accept = ACCEPT.exec(reply.text);
    if (!request || !accept || REFUSE.test(accept[0])) continue;
    const named = request[1];
    if (named !== undefined && !samePerson(named, reply.speaker)) continue;
    const owner = reply.speaker;
    const verb = request[2]!.toLowerCase();
    const task = thirdPerson(request[3]!, owner);
    const content = verb === "own" ? `${owner} owns ${task}.` : `${owner} will ${verb} ${task}.`;
    const start = ask.start + request.index + (/^[.!?]?\s*/.exec(request[0])?.[0].length ?? 0);
    const end = reply.start + accept.index + accept[0].trimEnd().length;
    out.push({
      content,
      kind: "action_item",
      confidence: 0.85,
      importance: 0.8,
      temporal: "future",
      speaker: owner,
      quote: text.slice(start, end),
      start,
      end,
      supported: true,
    });
  }
  return out;
}
