import type { Candidate, ExtractedFact } from "@/lib/extraction/schema";
import type { Chunk, ChunkResult, ExtractionInput, Extractor, KindDefinition } from "@/lib/extraction/types";
import type { Segment } from "@/lib/sources/schema";
import { normalizeText } from "@/lib/text/normalize";
import { analyse, type Tok } from "@/lib/extraction/offline/nlp";
import { findAgreed, isEndorsed } from "@/lib/extraction/offline/assignments";
import { classify } from "@/lib/extraction/offline/classify";
import { confidenceModelFor, predictConfidence, type ConfidenceFeatures } from "@/lib/extraction/offline/confidence";
import { clauseForm } from "@/lib/extraction/offline/form";
import { transcriptFeatures } from "@/lib/extraction/offline/noise";
import { baseImportance } from "@/lib/extraction/offline/cues";
import {
  assignmentFeatures,
  capDensity,
  disfluency,
  limit,
  DEFAULT_TUNING,
  joinFollowUps,
  selectFromTurn,
  type Featured,
  type Tuning,
  type Scored,
} from "@/lib/extraction/offline/select";
import { cleanSpoken, frameBefore, isClosingOrLogistics, type Frame } from "@/lib/extraction/offline/clean";
import { rewriteClause, type Voice } from "@/lib/extraction/offline/rewrite";
import { utterancesOf } from "@/lib/extraction/offline/turns";
import {
  aboutListener,
  contentWords,
  isShowAndTell,
  hasFirstPerson,
  isCommand,
  isQuestion,
  isSocial,
  skipLeadingFiller,
  trimTrailingVocative,
} from "@/lib/extraction/offline/filters";

// Bumped whenever the rules change what comes out, so the dashboard's approval rate by version compares like
// with like (3: meeting decisions across turns, chat rules, calibrated confidence).
export const OFFLINE_PROMPT_VERSION = "offline-3";

/**
 * Rule-based extractor for when no model is configured: wink-nlp sentences and part-of-speech tags,
 * cue phrases per kind, first person rewritten to the speaker. Every quote is a verbatim clause.
 */
export function createOfflineExtractor({ tuning }: { tuning?: Tuning } = {}): Extractor {
  return {
    name: "offline",
    modelId: null,
    promptVersion: OFFLINE_PROMPT_VERSION,
    async extractChunk(input: ExtractionInput, chunk: Chunk): Promise<ChunkResult> {
      input.signal?.throwIfAborted();
      const candidates = extractCandidates(input, chunk, tuning);
      const facts: ExtractedFact[] = candidates.map(({ start: _s, end: _e, supported: _u, ...fact }) => fact);
      return { facts, spans: candidates.map((c) => ({ start: c.start ?? 0, end: c.end ?? 0 })) };
    },
  };
}

/**
 * Like `extractChunk`, but keeps the exact span of each quote (the offline extractor knows it). `tuning` is the
 * selection's two thresholds (select.ts), for the cross-validation that chooses them (scripts/eval-locomo-cv.ts).
 */
export function extractCandidates(input: ExtractionInput, chunk: Chunk, tuning?: Tuning): Candidate[] {
  const scored = extractScored(input, chunk, tuning);
  const team = input.kinds.some((k) => TEAM_KINDS.has(k.id));
  return limit(team ? capDensity(scored, chunk, input.text) : scored, input.maxFacts).map(
    ({ features: _f, ...c }) => c,
  );
}

/** Every candidate with the features its confidence was computed from, before any cap. */
export function extractScored(input: ExtractionInput, chunk: Chunk, tuning: Tuning = DEFAULT_TUNING): Featured[] {
  const speakers = speakersOf(input.segments);
  const names = new Set(speakers.flatMap((s) => [s.toLowerCase(), s.split(/\s+/)[0]!.toLowerCase()]));
  const group: Voice["group"] = input.kinds.some((k) => TEAM_KINDS.has(k.id)) ? "team" : "inclusive";
  const transcript = transcriptFeatures(input.text, chunk);
  const model = confidenceModelFor(group, transcript);
  const known = new Set((input.knownFacts ?? []).map((f) => normalizeText(f)));
  const seen = new Set<string>();
  const out: Featured[] = [];
  // Text without turns (segments unknown, or unreadable in storage) is read as one speaker-less turn.
  const turns: Segment[] = chunk.segments.length > 0 ? chunk.segments : [wholeChunk(input.text, chunk)];
  let asked: string | null = null; // who ended the turn before with a question, if anyone
  for (const segment of utterancesOf(input.text, turns)) {
    const base = segment.joined ? segment.start : segmentBase(input.text, segment, chunk);
    // Tags, fillers, repeats and framing blanked out: same offsets, so quotes stay verbatim.
    const cleaned = cleanSpoken(segment.text);
    const speaker = segment.speaker ?? null;
    const answer = group === "inclusive" && asked !== null && speaker !== null && asked !== speaker;
    asked = /\?[\s"')\]]*$/.test(cleaned.text) ? speaker : null;
    if (base === null || isSocial(cleaned.text)) continue;
    const addressee = speakers.length === 2 && speaker ? (speakers.find((s) => s !== speaker) ?? null) : null;
    // In chat (no team kinds), opinions are attributed: "Melanie says art is healing".
    const voice: Voice = { speaker: speaker ?? "The speaker", addressee, group, attribute: group === "inclusive" };
    const turn: Scored[] = [];
    const sentences = analyse(cleaned.text);
    const endorsed = group === "team" && isEndorsed(input.text, turns, segment.last) ? sentences.at(-1) : undefined;
    for (const sentence of sentences) {
      if (isQuestion(sentence.toks)) continue;
      for (const clause of splitClauses(sentence.toks, names)) {
        const said = cleaned.text.slice(clause[0]!.start, clause[clause.length - 1]!.end);
        if (isClosingOrLogistics(said)) continue;
        const frame = frameBefore(cleaned, clause[0]!.start);
        const context = { frame, answer, minInformativeness: tuning.minInformativeness };
        const fact = toFact(clause, cleaned.text, voice, input.kinds, names, context);
        if (!fact) continue;
        fact.features.disfluency = disfluency(segment.text, cleaned.text, clause);
        if (sentence === endorsed) endorse(fact);
        const key = normalizeText(fact.content);
        if (seen.has(key) || known.has(key)) continue;
        seen.add(key);
        const start = base + clause[0]!.start;
        const end = base + clause[clause.length - 1]!.end;
        // Scored once every feature is known: the model was fitted on the disfluency too.
        const confidence = predictConfidence(fact.features, model, transcript);
        turn.push({ ...fact, confidence, speaker, quote: input.text.slice(start, end), start, end, supported: true });
      }
    }
    out.push(...joinFollowUps(selectFromTurn(turn, tuning), input.text));
  }
  const allowed = new Set(input.kinds.map((k) => k.id));
  for (const assignment of findAgreed(input.text, chunk.segments, allowed)) {
    const key = normalizeText(assignment.content);
    if (seen.has(key) || known.has(key)) continue;
    seen.add(key);
    const features = assignmentFeatures(assignment.content);
    out.push({ ...assignment, features, confidence: predictConfidence(features, model, transcript) });
  }
  return out.sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
}

/** What the meeting explicitly agreed to right after it was said carries that agreement as its cue. */
function endorse(fact: NonNullable<ReturnType<typeof toFact>>): void {
  fact.strong = true;
  // Scored later with the other features: an agreement is one more cue the model weighs.
  fact.features = { ...fact.features, strong: true, weak: false, fallback: false };
}

// The same input comes back once per chunk: read its speakers once, not once per chunk.
const speakerCache = new WeakMap<Segment[], string[]>();
function speakersOf(segments: Segment[]): string[] {
  let speakers = speakerCache.get(segments);
  if (!speakers) {
    speakers = [...new Set(segments.map((s) => s.speaker).filter((s): s is string => !!s))];
    speakerCache.set(segments, speakers);
  }
  return speakers;
}

const TEAM_KINDS = new Set(["decision", "action_item", "constraint", "rule"]);

function wholeChunk(text: string, chunk: Chunk): Segment {
  return {
    speaker: null,
    startMs: null,
    endMs: null,
    text: text.slice(chunk.start, chunk.end),
    start: chunk.start,
    end: chunk.end,
  };
}

/** Offset of the segment's text in the input text; segments are trusted only when they agree. */
function segmentBase(text: string, segment: Segment, chunk: Chunk): number | null {
  if (text.slice(segment.start, segment.end) === segment.text) return segment.start;
  const at = text.indexOf(segment.text, chunk.start);
  return at === -1 ? null : at;
}

const SUBJECTS = new Set(["i", "we", "he", "she", "they", "you", "it", "there"]);

/**
 * Splits compound sentences at ";" and at a conjunction that starts a new subject-verb clause
 * ("I went to a support group and it was powerful"), so each fact is atomic.
 */
function splitClauses(toks: Tok[], names: Set<string>): Tok[][] {
  const clauses: Tok[][] = [];
  let from = 0;
  for (let i = 1; i < toks.length - 2; i++) {
    const t = toks[i]!;
    const subj = toks[i + 1]!;
    const verb = toks[i + 2]!;
    const conj =
      t.pos === "CCONJ" ||
      t.lower === ";" ||
      (t.pos === "PUNCT" && /^[-–—]$/.test(t.text)) ||
      t.lower === "because" ||
      (t.lower === "so" && toks[i - 1]?.text === ",");
    const newClause =
      ((SUBJECTS.has(subj.lower) || subj.pos === "PROPN") && /^(AUX|VERB|ADV|PART)$/.test(verb.pos)) ||
      (toks[i - 1]?.text === "," && startsNounPhraseClause(toks, i + 1));
    if ((conj && newClause) || t.lower === ";") {
      const left = trimEnd(toks.slice(from, i));
      if (left.some((x) => x.pos === "VERB" || x.pos === "AUX")) {
        clauses.push(left);
        from = i + 1;
      }
    }
  }
  clauses.push(toks.slice(from));
  return clauses
    .map((c) => trimTrailingVocative(c.slice(skipLeadingFiller(c, names)), names))
    .map(trimEnd)
    .filter((c) => c.length > 0);
}

/** ", and the budget can't exceed ...": a short noun phrase, then a verb. */
function startsNounPhraseClause(toks: Tok[], at: number): boolean {
  if (!/^(DET|NOUN|PROPN|ADJ|PRON)$/.test(toks[at]?.pos ?? "")) return false;
  for (let k = at + 1; k < Math.min(toks.length, at + 5); k++) {
    const pos = toks[k]!.pos;
    if (pos === "AUX" || pos === "VERB")
      return toks[k - 1]!.pos === "NOUN" || toks[k - 1]!.pos === "PROPN" || toks[k - 1]!.pos === "PRON";
    if (!/^(DET|NOUN|PROPN|ADJ|NUM)$/.test(pos)) return false;
  }
  return false;
}

/** Drops trailing commas and dashes; keeps final ".!" so quotes read as sentences. */
function trimEnd(toks: Tok[]): Tok[] {
  let end = toks.length;
  while (end > 0 && /^[,;:\-–—(]$/.test(toks[end - 1]!.text)) end--;
  return toks.slice(0, end);
}

function toFact(
  clause: Tok[],
  text: string,
  voice: Voice,
  kinds: KindDefinition[],
  names: Set<string>,
  { frame, answer, minInformativeness }: { frame: Frame | null; answer: boolean; minInformativeness: number },
) {
  const words = contentWords(clause).filter((t) => !names.has(t.lower));
  const cue = classify(clause, text.slice(clause[0]!.start, clause[clause.length - 1]!.end), kinds, frame?.kind);
  const strong = cue.strength === "strong";
  if (words.length < 2 || (words.length < 3 && cue.strength === "none")) return null;
  if (!strong && (isCommand(clause) || aboutListener(clause) || isShowAndTell(clause))) return null;
  // Sentence-initial capitals are often mis-tagged as names, so only later proper nouns count.
  const specific = clause.some(
    (t, i) => (t.pos === "PROPN" && i > 0 && !names.has(t.lower)) || t.pos === "NUM" || t.entity !== null,
  );
  if (!strong && !hasFirstPerson(clause) && !specific) return null;
  const named = clause.filter(
    (t) => (t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "NUM") && !names.has(t.lower),
  ).length;
  // Facts name things: a clause needs two nouns (one with an explicit cue) to be worth reviewing. In chat an
  // answer needs one fewer: the question named what it is about ("Where did you go?" / "We hiked the coast.").
  const nouns = named + (voice.group === "inclusive" && answer ? 1 : 0);
  if (nouns < (strong ? 1 : 2)) return null;
  const score = informativeness(clause, nouns, strong);
  if (score < minInformativeness) return null;
  const rewritten = rewriteClause(clause, text, voice);
  if (rewritten.length < 3) return null;
  // "One constraint from legal: ..." keeps who set it.
  const content = frame?.source ? `Per ${frame.source}, ${lowerFirst(rewritten, clause[0]!)}` : rewritten;
  const features: ConfidenceFeatures = {
    strong,
    weak: cue.strength === "weak",
    hedged: cue.hedged,
    importance: baseImportance(cue.kind),
    fallback: cue.strength === "none",
    words: content.split(/\s+/).length,
    nouns: named,
    specific,
    firstPerson: hasFirstPerson(clause),
    disfluency: 0,
    ...clauseForm(clause),
  };
  return {
    content,
    kind: cue.kind,
    importance: cue.importance,
    temporal: cue.temporal,
    score,
    strong,
    features,
  };
}

/**
 * How much a clause tells about someone or something: the things it names, an explicit cue, the
 * speaker talking about themselves; reactions ("That was amazing!") and exclamations count against.
 */
function informativeness(clause: Tok[], nouns: number, strong: boolean): number {
  const self = clause.some((t) => t.lower === "i" || t.lower === "my" || t.lower === "me");
  const startsWithSelf = /^(i|my|we|our)$/.test(clause[0]!.lower);
  const reaction = /^(it|that|this|these|those|they|there)$/.test(clause[0]!.lower);
  const exclaims = clause[clause.length - 1]!.text.includes("!");
  return (
    Math.min(nouns, 5) +
    (strong ? 2 : 0) +
    (self ? 1 : 0) +
    (startsWithSelf ? 0.5 : 0) -
    (reaction ? 1 : 0) -
    (exclaims ? 0.5 : 0)
  );
}

function lowerFirst(text: string, first: Tok): string {
  const keep = first.entity !== null || first.pos === "PROPN" || /^[A-Z]{2,}/.test(text) || /^I\b/.test(text);
  return keep ? text : text[0]!.toLowerCase() + text.slice(1);
}
