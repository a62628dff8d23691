import { cleanSpoken } from "@/lib/extraction/offline/clean";
import type { Candidate } from "@/lib/extraction/schema";
import type { Segment } from "@/lib/sources/schema";

/**
 * Facts agreed across two turns, quoted from the first turn's words to the second's agreement:
 * - "Lin, can you own the canary pipeline by Friday?" answered by Lin with "Sure, I'll take that." is the
 *   action item "Lin owns the canary pipeline by Friday.";
 * - "Should we go with the rubber case?" answered by someone else with "Yes, agreed." is the decision
 *   "The team agreed to go with the rubber case.".
 */

const REQUEST = new RegExp(
  "(?:^|[.!?]\\s+)(?:(?:so|and|okay|ok|also)[\\s,]+)?(?:([\\p{Lu}][\\p{L}'-]{1,30}),?\\s+)?" +
    "(?:[Cc]an|[Cc]ould|[Ww]ould|[Ww]ill) you\\s+(?:please\\s+)?(?:maybe\\s+)?" +
    "(own|take(?: on| over)?|handle|drive|lead|send|write|draft|do|look into|follow up on|set up|update|prepare|" +
    "check|review|fix|book|schedule|run|organi[sz]e|share|" +
    // Doing it again and adding to it: "can you re-run the tuning …", "could you add a condition …".
    "re-?run|re-?do|re-?send|re-?test|add|put|bring(?: back)?|call|email|ping|test|measure|write up|order|place|" +
    "file|post|build|move|pull|collect|compile|circulate|make sure|double-check|confirm|reach out to|loop in)" +
    "\\b([^?]{3,200})\\?",
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

const LEAD = "(?:(?:so|and|okay|ok|well|yeah|yes|right|alright|maybe|i think|i guess)[\\s,]+){0,3}";
/** An open proposal ("Should we …?", "Let's …", "How about …?"): any agreement settles it. */
const PROPOSAL = new RegExp(
  `(?:^|[.!?])\\s*${LEAD}(?:(?:i (?:propose|suggest)|why don't|should|shall|can|could) we|let's|how about|` +
    "what about)\\s+(?:we\\s+)?([^?.!\\n]{3,200})[?.!]",
  "iu",
);
/** A tentative one ("we could …", "what if we …"): only an explicit agreement settles it, not a bare "yeah". */
const SUGGESTION = new RegExp(
  `(?:^|[.!?])\\s*${LEAD}(?:we (?:could|should|can|might as well)|what if we|i'd (?:suggest|say) (?:we|that we)?)` +
    "\\s+([^?.!\\n]{3,200})(?:[?.!]|$)",
  "iu",
);
const AGREE = new RegExp(
  "^[\\s\\p{P}]*(?:yes|yeah|yep|agreed|i agree|sounds good|sure|let's do (?:it|that)|that works|good idea|" +
    "great idea|makes sense|perfect)\\b[^.!?\\n]{0,60}[.!]?",
  "iu",
);
const EXPLICIT = new RegExp(
  "^[\\s\\p{P}]*(?:(?:yes|yeah|yep|okay|ok|sure|right)[\\s,.!]+){0,2}(?:agreed|i agree|i'd agree|sounds good|" +
    "let's do (?:it|that)|let's go (?:for|with) (?:it|that)|that works|good idea|great idea|makes sense|perfect|" +
    "definitely|absolutely|exactly|fine by me|that's fine|go for it|good point|" +
    "(?:that's|that is) (?:a )?(?:good|great|fine))" +
    "\\b[^.!?\\n]{0,60}[.!]?",
  "iu",
);
const DISAGREE = /\b(?:but|not sure|don't|no way|rather not|instead)\b/i;
/** A noun phrase or a gerund continues "agreed on" ("a yellow front panel"); anything else "agreed to". */
const NOUN_START = /^(?:the|a|an|this|that|these|those|some|one|two|three|\d+|[\p{L}]+ing)\b/iu;
/** Words a spoken proposal trails off with: "… or", "…, right", "or something". */
const TRAILING = /(?:[\s,]+(?:or|and|so|then|but|right|though|or something|or whatever|as well))+$/i;
/** How the meeting itself goes on: agreed to, but no decision about the work. */
const AGENDA = new RegExp(
  "^(?:just )?(?:talk|discuss|see|look|move on|go on|start|begin|stop|wrap|continue|come back|break|" +
    "(?:have|take) a (?:look|break)|go (?:through|over|round|around|back|to the next)|" +
    // Deliberation: agreeing to think about something decides nothing about it.
    "think (?:about|through|over)|consider|discuss|revisit|talk (?:about|through)|brainstorm|explore|sleep on)\\b",
  "i",
);
/** Turns a proposal waits for its answer over (fillers, tags, an empty turn). */
const ANSWER_WINDOW = 3;

function one(content: string, kind: string, speaker: string, text: string, start: number, end: number): Candidate {
  return {
    content,
    kind,
    confidence: 0.85,
    importance: kind === "decision" ? 0.9 : 0.8,
    temporal: kind === "decision" ? "past" : "future",
    speaker,
    quote: text.slice(start, end),
    start,
    end,
    supported: true,
  };
}

/** The proposal's action as the team's: cleaned, spaced as written, "we"/"our" as the team. */
function decided(what: string): string | null {
  const tidy = what
    .replace(/\s+/g, " ")
    .replace(/\s+([,;:])/g, "$1")
    .replace(/,(?:\s*,)+/g, ",")
    .replace(/\bwe\b/gi, "the team")
    .replace(/\bour\b/gi, "the team's")
    .replace(TRAILING, "")
    .trim();
  // "go", "do it": an agreement to nothing a reviewer could keep; "talk about something else": the agenda.
  if ((tidy.match(/\p{L}{3,}/gu)?.length ?? 0) < 3 || AGENDA.test(tidy)) return null;
  return NOUN_START.test(tidy) ? `The team agreed on ${tidy}.` : `The team agreed to ${tidy}.`;
}

/** The first answer to turn `i` by someone else, skipping turns cleaning leaves empty; null if the proposer goes on. */
function answerTo(segments: Segment[], i: number): { reply: Segment; said: string } | null {
  const ask = segments[i]!;
  for (let j = i + 1; j < segments.length && j <= i + ANSWER_WINDOW; j++) {
    const reply = segments[j]!;
    const said = cleanSpoken(reply.text).text;
    if (said.trim() === "") continue;
    return reply.speaker && reply.speaker !== ask.speaker ? { reply, said } : null;
  }
  return null;
}

/**
 * Someone else answers turn `i` with an explicit agreement ("Yeah, good idea.", "Exactly."): what the turn
 * ended on is what the meeting accepted, a cue as explicit as "we decided".
 */
export function isEndorsed(text: string, segments: Segment[], i: number): boolean {
  const answer = answerTo(segments, i);
  if (!answer || text.slice(answer.reply.start, answer.reply.end) !== answer.reply.text) return false;
  const agree = EXPLICIT.exec(answer.said);
  return !!agree && !DISAGREE.test(agree[0]);
}

/** A proposal that the next speaker agrees to, as a decision of the team. */
function findAgreements(text: string, segments: Segment[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i + 1 < segments.length; i++) {
    const ask = segments[i]!;
    const answer = answerTo(segments, i);
    if (!answer || text.slice(ask.start, ask.end) !== ask.text) continue;
    const { reply, said } = answer;
    if (text.slice(reply.start, reply.end) !== reply.text) continue;
    // Cleaned at equal length: offsets hold, and no filler or tag reaches the content.
    const asked = cleanSpoken(ask.text).text;
    const open = PROPOSAL.exec(asked);
    const proposal = open ?? SUGGESTION.exec(asked);
    // A question ("Should we …?") is never a decision by itself: only an explicit agreement settles it.
    if (!proposal) continue;
    const question = proposal[0].endsWith("?");
    const agree = (open && !question ? AGREE : EXPLICIT).exec(said);
    if (!agree || DISAGREE.test(agree[0])) continue;
    const content = decided(proposal[1]!);
    if (!content) continue;
    const start = ask.start + proposal.index + (/^[.!?]?\s*/.exec(proposal[0])?.[0].length ?? 0);
    out.push(
      one(content, "decision", reply.speaker!, text, start, reply.start + agree.index + agree[0].trimEnd().length),
    );
  }
  return out;
}

/** Requests answered by their addressee's acceptance (action items) and proposals agreed to (decisions). */
export function findAgreed(text: string, segments: Segment[], allowed: Set<string>): Candidate[] {
  const decisions = allowed.has("decision") ? findAgreements(text, segments) : [];
  return [...(allowed.has("action_item") ? findAssignments(text, segments) : []), ...decisions];
}

/** Each request one turn answered by its addressee's acceptance in the next, as an action item. */
function findAssignments(text: string, segments: Segment[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i + 1 < segments.length; i++) {
    const ask = segments[i]!;
    const reply = segments[i + 1]!;
    if (!reply.speaker || reply.speaker === ask.speaker) continue;
    if (text.slice(ask.start, ask.end) !== ask.text || text.slice(reply.start, reply.end) !== reply.text) continue;
    const request = REQUEST.exec(cleanSpoken(ask.text).text);
    const accept = ACCEPT.exec(cleanSpoken(reply.text).text);
    if (!request || !accept || REFUSE.test(accept[0])) continue;
    const named = request[1];
    if (named !== undefined && !samePerson(named, reply.speaker)) continue;
    const owner = reply.speaker;
    const verb = request[2]!.toLowerCase();
    const task = thirdPerson(request[3]!, owner);
    const content = verb === "own" ? `${owner} owns ${task}.` : `${owner} will ${verb} ${task}.`;
    const start = ask.start + request.index + (/^[.!?]?\s*/.exec(request[0])?.[0].length ?? 0);
    const end = reply.start + accept.index + accept[0].trimEnd().length;
    out.push(one(content, "action_item", owner, text, start, end));
  }
  return out;
}
