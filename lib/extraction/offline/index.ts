import type { Candidate, ExtractedFact, ScoreFeatures } from "@/lib/extraction/schema";
import type { Chunk, ChunkResult, ExtractionInput, Extractor, KindDefinition } from "@/lib/extraction/types";
import type { Segment } from "@/lib/sources/schema";
import { normalizeText } from "@/lib/text/normalize";
import { analyse, type Tok } from "@/lib/extraction/offline/nlp";
import { findAgreed, isEndorsed } from "@/lib/extraction/offline/assignments";
import { classify } from "@/lib/extraction/offline/classify";
import {
  confidenceModelFor,
  isRecordedSpeech,
  predictConfidence,
  type ConfidenceFeatures,
  type ScoringFeatures,
} from "@/lib/extraction/offline/confidence";
import { clauseForm } from "@/lib/extraction/offline/form";
import { transcriptFeatures } from "@/lib/extraction/offline/noise";
import { baseImportance } from "@/lib/extraction/offline/cues";
import {
  assignmentFeatures,
  disfluency,
  limit,
  aboveFloor,
  RANK_FLOOR,
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
import { addressedIn, instruction, isInstruction } from "@/lib/extraction/offline/instructions";
import { atomicClauses, type AtomicClause } from "@/lib/extraction/offline/clauses";
import { joinRestatements } from "@/lib/extraction/offline/corrections";
import { correctValues } from "@/lib/extraction/offline/value-corrections";
import { isSmallTalk, SMALL_TALK_IMPORTANCE } from "@/lib/extraction/offline/small-talk";
import { settledStatement } from "@/lib/extraction/offline/settled";
import { evidenceOf, type Evidence } from "@/lib/extraction/offline/evidence";
import { amountsIn, informativeness, isAnswerOnly, isFragment } from "@/lib/extraction/offline/informative";
import { Referents, subjectReferent } from "@/lib/extraction/offline/referents";
import { importanceOf } from "@/lib/extraction/offline/importance";
import {
  aboutListener,
  contentWords,
  isShowAndTell,
  hasFirstPerson,
  isCommand,
  isQuestion,
  isSocial,
} from "@/lib/extraction/offline/filters";

// Bumped whenever the rules change what comes out, so the dashboard's approval rate by version compares like
// with like (3: meeting decisions across turns, chat rules, calibrated confidence; 4: issue 23's ranking instead
// of a density cap, compounds split, corrections and summaries within a meeting, importance fitted per kind;
// 5: "he" / "she" named at a meeting, frames after opening words, bare answers left out).
export const OFFLINE_PROMPT_VERSION = "offline-5";

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
      const { candidates, belowFloor, joined, overCap } = extractWithCounts(input, chunk, tuning);
      const facts: ExtractedFact[] = candidates.map(({ start: _s, end: _e, supported: _u, ...fact }) => fact);
      const spans = candidates.map((c) => ({ start: c.start ?? 0, end: c.end ?? 0 }));
      // Over --max-facts: the lowest-ranked, each counted as the LLM extractor counts its own cap's.
      const refused = Array.from({ length: overCap }, () => `over the cap of ${input.maxFacts} facts per chunk`);
      return {
        facts,
        spans,
        ...(belowFloor.count > 0 ? { belowFloor } : {}),
        ...(joined > 0 ? { joined } : {}),
        ...(refused.length > 0 ? { refused } : {}),
      };
    },
  };
}

/**
 * Like `extractChunk`, but keeps the exact span of each quote (the offline extractor knows it). `tuning` is the
 * selection's two thresholds (select.ts), for the cross-validation that chooses them (scripts/eval-locomo-cv.ts).
 */
export function extractCandidates(input: ExtractionInput, chunk: Chunk, tuning?: Tuning): Candidate[] {
  return extractWithCounts(input, chunk, tuning).candidates;
}

/**
 * The candidates and how many fell under the rank floor: those are counted, never dropped in silence (the run's
 * log keeps the count, the run page and the CLI say "12 low-ranked sentences left out (below 0.2)"). They are
 * left out rather than folded: on the written meetings nearly all of them are chit-chat or fragments, and a
 * folded candidate still asks a reviewer for a decision; the fold is for the plausible tail.
 */
function extractWithCounts(
  input: ExtractionInput,
  chunk: Chunk,
  tuning?: Tuning,
): { candidates: Candidate[]; belowFloor: { count: number; floor: number }; joined: number; overCap: number } {
  const turns = chunk.segments.length > 0 ? chunk.segments : [wholeChunk(input.text, chunk)];
  // A correction and a summary's repeats joined to what they restate (corrections.ts), before the floor.
  // A value another speaker corrects soon after becomes the corrected statement (value-corrections.ts).
  const { candidates: corrected } = correctValues(extractScored(input, chunk, tuning), input.text, turns);
  const { candidates: restated, joined } = joinRestatements(corrected, input.text, turns, chunk);
  const team = input.kinds.some((k) => TEAM_KINDS.has(k.id));
  // Small talk at a work meeting ranks under the floor (or, in recorded speech, at the bottom): counted, not cut.
  // Only where the facts sought are work's: an agent's memory of its user keeps their coffee and their daughter.
  const work = input.kinds.some((k) => WORK_KINDS.has(k.id));
  const smallTalkMin = tuning?.smallTalkMin ?? DEFAULT_TUNING.smallTalkMin ?? Infinity;
  const evidence = evidenceOf(restated, namesOf(input.segments), chunk);
  // At a work meeting importance is calibrated per kind and spread by the evidence (importance.ts); the cue's
  // own importance is one of its inputs, kept with the features so the fitting can read it.
  const weighed = restated.map((c, i) => ({
    ...c,
    importance: work ? importanceOf(c.kind, c.importance, evidence[i]!) : c.importance,
    evidence: { ...evidence[i]!, cueImportance: c.importance },
  }));
  const scored = work
    ? weighed.map((c) => (isSmallTalk(c.quote, smallTalkMin) ? { ...c, importance: SMALL_TALK_IMPORTANCE } : c))
    : weighed;
  // No density cap: every candidate above the floor reaches the queue, ranked (rankOf); the queue folds the
  // tail, so a dense meeting keeps its facts and a long noisy one still opens on a short list.
  // The floor is in confidence units of the clean-conversation model it was chosen on; recorded speech is scored
  // lower throughout (its model), so there the fold alone keeps the list short.
  const transcript = transcriptFeatures(input.text, chunk);
  const floored = team && !isRecordedSpeech(transcript);
  const floor = tuning?.rankFloor ?? RANK_FLOOR;
  const kept = floored ? aboveFloor(scored, floor) : scored;
  const shown = limit(kept, input.maxFacts);
  return {
    candidates: shown.map(({ features, evidence: e, ...c }) => ({
      ...c,
      scoredFrom: scoreFeatures({ ...features, ...transcript, ...e }),
    })),
    belowFloor: { count: scored.length - kept.length, floor },
    joined,
    overCap: kept.length - shown.length,
  };
}

/** The features a candidate's confidence was computed from, as numbers, to keep with it. */
function scoreFeatures(features: ScoringFeatures & Evidence & { cueImportance: number }): ScoreFeatures {
  // Booleans as 0/1, numbers as they are: the shape a fitted model reads (scripts/lib/logistic.ts).
  return Object.fromEntries(
    Object.entries(features).map(([name, value]) => [name, typeof value === "boolean" ? Number(value) : value]),
  );
}

/** Every candidate with the features its confidence was computed from, before any cap. */
export function extractScored(input: ExtractionInput, chunk: Chunk, tuning: Tuning = DEFAULT_TUNING): Featured[] {
  const speakers = speakersOf(input.segments);
  const names = namesOf(input.segments);
  const group: Voice["group"] = input.kinds.some((k) => TEAM_KINDS.has(k.id)) ? "team" : "inclusive";
  const transcript = transcriptFeatures(input.text, chunk);
  const model = confidenceModelFor(group, transcript);
  // A line repeating an approved fact is proposed all the same: the matcher calls it that fact's duplicate, so it
  // merges (with this meeting as another source) instead of vanishing without a word.
  const seen = new Set<string>();
  const out: Featured[] = [];
  // Text without turns (segments unknown, or unreadable in storage) is read as one speaker-less turn.
  const turns: Segment[] = chunk.segments.length > 0 ? chunk.segments : [wholeChunk(input.text, chunk)];
  let asked: string | null = null; // who ended the turn before with a question, if anyone
  // At a meeting "she" and "he" are the people it talks about (referents.ts); in chat they stay as said.
  const referents = group === "team" ? new Referents() : null;
  for (const segment of utterancesOf(input.text, turns)) {
    const base = segment.joined ? segment.start : segmentBase(input.text, segment, chunk);
    // Tags, fillers, repeats and framing blanked out: same offsets, so quotes stay verbatim.
    const cleaned = cleanSpoken(segment.text);
    const speaker = segment.speaker ?? null;
    const answer = group === "inclusive" && asked !== null && speaker !== null && asked !== speaker;
    asked = /\?[\s"')\]]*$/.test(cleaned.text) ? speaker : null;
    if (base === null || isSocial(cleaned.text)) continue;
    const other = speakers.length === 2 && speaker ? (speakers.find((s) => s !== speaker) ?? null) : null;
    // "Ravi, …": the turn is said to Ravi, so "you" and an instruction in it are his.
    const addressee = addressedIn(cleaned.text, speakers, speaker) ?? other;
    // In chat (no team kinds), opinions are attributed: "Melanie says art is healing".
    const voice: Voice = { speaker: speaker ?? "The speaker", addressee, group, attribute: group === "inclusive" };
    const turn: Scored[] = [];
    const sentences = analyse(cleaned.text);
    const endorsed = group === "team" && isEndorsed(input.text, turns, segment.last) ? sentences.at(-1) : undefined;
    for (const sentence of sentences) {
      const atomic = atomicClauses(sentence.toks, names);
      const noted = new Set<Tok[]>();
      const note = (clause: Tok[]) => {
        if (!noted.has(clause)) referents?.note(clause);
        noted.add(clause);
      };
      if (isQuestion(sentence.toks)) {
        atomic.forEach((part) => note(part.clause));
        continue;
      }
      // A sentence opening on a name ("Ravi, please resubmit …") is said to that person, whatever the turn began with.
      const said_to = addressedIn(cleaned.text.slice(sentence.toks[0]?.start ?? 0), speakers, speaker);
      const sentenceVoice = said_to ? { ...voice, addressee: said_to } : voice;
      const tasks = ownersTasks(atomic, cleaned.text, input.kinds);
      for (const part of atomic) {
        const { clause, toks, span } = part;
        const person = subjectReferent(toks, referents);
        // Read before this clause is noted: "she" is who the meeting named before it.
        if (part === atomic.findLast((a) => a.clause === clause)) note(clause);
        const said = cleaned.text.slice(span[0]!.start, span[span.length - 1]!.end);
        if (isClosingOrLogistics(said)) continue;
        const framed = frameBefore(cleaned, clause[0]!.start);
        // One owner's compound: when one part is a task, so is each dated part beside it ("Raj calls Sam today
        // and sends Dana the brief by Tuesday": both Raj's action items).
        const frame = tasks.has(part) ? { start: 0, end: 0, source: null, ...framed, kind: "action_item" } : framed;
        const context = { frame, answer, minInformativeness: tuning.minInformativeness, person };
        const clauseVoice = person ? { ...sentenceVoice, people: { [person.pronoun]: person.name } } : sentenceVoice;
        const fact = toFact(toks, cleaned.text, clauseVoice, input.kinds, names, context);
        if (!fact) continue;
        fact.features.disfluency = disfluency(segment.text, cleaned.text, span);
        if (sentence === endorsed) endorse(fact);
        const key = normalizeText(fact.content);
        if (seen.has(key)) continue;
        seen.add(key);
        const start = base + span[0]!.start;
        const end = base + span[span.length - 1]!.end;
        // Scored once every feature is known: the model was fitted on the disfluency too.
        const confidence = predictConfidence(fact.features, model, transcript);
        turn.push({ ...fact, confidence, speaker, quote: input.text.slice(start, end), start, end, supported: true });
      }
    }
    // In chat a turn gives its best few clauses (LoCoMo's tuning); at a meeting a dense turn keeps every clause,
    // ranked like the rest and under the floor counted: a per-turn limit would drop facts without a word.
    const perTurn = group === "team" ? { ...tuning, perTurnUncued: Infinity } : tuning;
    out.push(...joinFollowUps(selectFromTurn(turn, perTurn), input.text));
  }
  const allowed = new Set(input.kinds.map((k) => k.id));
  for (const assignment of findAgreed(input.text, chunk.segments, allowed)) {
    const key = normalizeText(assignment.content);
    if (seen.has(key)) continue;
    seen.add(key);
    const features = assignmentFeatures(assignment.content);
    out.push({ ...assignment, features, confidence: predictConfidence(features, model, transcript) });
  }
  return out.sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
}

/** The parts of a split compound (one clause, several tasks) to read as action items: all, when one is. */
function ownersTasks(atomic: AtomicClause[], text: string, kinds: KindDefinition[]): Set<AtomicClause> {
  const out = new Set<AtomicClause>();
  if (!kinds.some((k) => k.id === "action_item")) return out;
  const byClause = new Map<Tok[], AtomicClause[]>();
  for (const a of atomic) byClause.set(a.clause, [...(byClause.get(a.clause) ?? []), a]);
  for (const parts of byClause.values()) {
    if (parts.length < 2) continue;
    const isTask = (a: AtomicClause) => {
      const cue = classify(a.toks, text.slice(a.toks[0]!.start, a.toks[a.toks.length - 1]!.end), kinds);
      return cue.kind === "action_item" && cue.strength !== "none";
    };
    if (parts.some(isTask)) for (const a of parts) out.add(a);
  }
  return out;
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

/** The speakers' names in lower case, full and first: "Lin Park" → "lin park", "lin". */
function namesOf(segments: Segment[]): Set<string> {
  return new Set(speakersOf(segments).flatMap((s) => [s.toLowerCase(), s.split(/\s+/)[0]!.toLowerCase()]));
}

const TEAM_KINDS = new Set(["decision", "action_item", "constraint", "rule"]);
/** Kinds only a work meeting's taxonomy has (the agent-memory preset has neither): there small talk is noise. */
const WORK_KINDS = new Set(["action_item", "constraint"]);

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

function toFact(
  clause: Tok[],
  text: string,
  voice: Voice,
  kinds: KindDefinition[],
  names: Set<string>,
  {
    frame,
    answer,
    minInformativeness,
    person = null,
  }: { frame: Frame | null; answer: boolean; minInformativeness: number; person?: { name: string } | null },
) {
  const words = contentWords(clause).filter((t) => !names.has(t.lower));
  // "We decided (that) the trip moves to Lisbon": a decision whose content is the statement settled.
  const settled = kinds.some((k) => k.id === "decision") ? settledStatement(clause) : null;
  const announced = frame?.kind ?? (settled !== null ? "decision" : null);
  const cue = classify(clause, text.slice(clause[0]!.start, clause[clause.length - 1]!.end), kinds, announced);
  // An instruction to someone named ("Ravi, please resubmit the build by Thursday") is their action item.
  const instructed = voice.group === "team" && voice.addressee !== null && isInstruction(clause);
  const strong = cue.strength === "strong" || instructed;
  // At a meeting an amount or a date is content: "The price is $49." and "Launch is October 22nd." are facts.
  const amounts = voice.group === "team" ? amountsIn(clause) : 0;
  const saidWords = words.length + amounts + (person !== null ? 1 : 0);
  if (saidWords < 2 || (saidWords < 3 && cue.strength === "none" && !instructed && amounts === 0)) return null;
  if (!strong && (isCommand(clause) || aboutListener(clause) || isShowAndTell(clause))) return null;
  // At a meeting a short clause with no verb ("At least two.", "Tuesday and Friday.", "About six weeks.") answers
  // or echoes something said around it: alone it states nothing a reviewer could keep.
  if (voice.group === "team" && !strong && isFragment(clause)) return null;
  // With a cue too when it has no subject at all ("At least two.", "By next Friday at the latest.", "Still over,
  // by a dollar forty-six."): the answer to something asked, which alone holds no fact to keep.
  if (voice.group === "team" && isAnswerOnly(clause)) return null;
  // Sentence-initial capitals are often mis-tagged as names, so only later proper nouns count.
  // An acronym is a name wherever it stands ("SEPA adds a settlement flow" once "Lin agreed," is framing).
  // A "she" the meeting named (referents.ts) is that person: a name, not a pointing word.
  const specific =
    person !== null ||
    clause.some(
      (t, i) =>
        (t.pos === "PROPN" && (i > 0 || /^[A-Z]{2,}$/.test(t.text)) && !names.has(t.lower)) ||
        t.pos === "NUM" ||
        t.entity !== null,
    );
  // "The team should …" and "let's …" are the meeting about itself, as "we should …" is.
  const team =
    (clause[0]?.lower === "the" && clause[1]?.lower === "team") ||
    (clause[0]?.lower === "let" && clause[1]?.lower === "'s");
  // In chat a bare third-person remark ("The weather was lovely") is rarely worth keeping; at a work meeting a
  // plain statement about the work ("The battery door stays snap-fit", "Feedback goes through recruiting
  // only") is often the fact itself, and the noun and informativeness checks below still apply.
  if (!strong && !hasFirstPerson(clause) && !specific && !team && voice.group !== "team") return null;
  const named =
    clause.filter((t) => (t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "NUM") && !names.has(t.lower)).length +
    (person !== null && !names.has(person.name.toLowerCase()) ? 1 : 0);
  // Facts name things: a clause needs two nouns (one with an explicit cue) to be worth reviewing. In chat an
  // answer needs one fewer: the question named what it is about ("Where did you go?" / "We hiked the coast.").
  const nouns = named + (voice.group === "inclusive" && answer ? 1 : 0);
  if (nouns < (strong ? 1 : 2)) return null;
  // A named person is what the fact is about, as the speaker is in "I have run Flink" (`self` below).
  const score = informativeness(clause, nouns, strong) + (amounts > 0 ? 1 : 0) + (person !== null ? 1 : 0);
  if (score < minInformativeness) return null;
  // "Let's just show prices …" in a meeting is what the team will do, said as a statement a reviewer can keep.
  const said = instructed
    ? instruction(clause, text, voice)
    : rewriteClause(settled !== null && cue.kind === "decision" ? clause.slice(settled) : clause, text, voice);
  const rewritten = voice.group === "team" ? said.replace(/^let's (?:just )?/i, "The team will ") : said;
  if (rewritten.length < 3) return null;
  // "One constraint from legal: ..." keeps who set it.
  const content = frame?.source ? `Per ${frame.source}, ${lowerFirst(rewritten, clause[0]!)}` : rewritten;
  const kind = instructed && kinds.some((k) => k.id === "action_item") ? "action_item" : cue.kind;
  const features: ConfidenceFeatures = {
    strong,
    weak: cue.strength === "weak",
    hedged: cue.hedged,
    importance: baseImportance(kind),
    fallback: cue.strength === "none",
    words: content.split(/\s+/).length,
    nouns: named,
    specific,
    firstPerson: hasFirstPerson(clause),
    disfluency: 0,
    ...clauseForm(clause),
    ...(person !== null ? { vagueSubject: false } : {}),
  };
  return {
    content,
    kind,
    importance: kind === cue.kind ? cue.importance : baseImportance(kind),
    temporal: cue.temporal,
    score,
    strong,
    features,
  };
}

function lowerFirst(text: string, first: Tok): string {
  const keep = first.entity !== null || first.pos === "PROPN" || /^[A-Z]{2,}/.test(text) || /^I\b/.test(text);
  return keep ? text : text[0]!.toLowerCase() + text.slice(1);
}
