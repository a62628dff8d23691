import { predict, type FeatureName, type LogisticModel, type MeetingRoute } from "@/lib/extraction/offline/confidence";
import { isRecordedSpeech } from "@/lib/extraction/offline/confidence";
import { isLocomo, toRows, type Sample } from "./confidence-rows";
import { chooseLambda, fitLogistic } from "./logistic";

/**
 * The meeting preset's two models and the rule that picks one per transcript (lib/extraction/offline/
 * confidence.ts confidenceModelFor): recorded meetings (QMSum hand labels) and clean conversation (LoCoMo run
 * with the meeting preset), each fitted on its own corpus with L2 chosen by leave-one-group-out inside it.
 */

/** Recorded meetings: what a reviewer of meetings rejects on sight, plus how noisy the talk is. */
export const RECORDED_FEATURES: FeatureName[] = [
  "strong",
  "weak",
  "hedged",
  "importance",
  "words",
  "nouns",
  "specific",
  "disfluency",
  "question",
  "vagueSubject",
  "unfinished",
  "pointing",
  "self",
  "noise",
];
/**
 * Clean conversation: only the clause's form (hedged, asked, pointing, broken off, what and how much it names).
 * LoCoMo's label is "matches an observation about a person", so on it the cue, the kind and talk about oneself
 * learn how often each kind of clause is a personal observation (a decision rarely, "I …" often), which is the
 * label's definition rather than correctness, and ranked a hedged "I think maybe …" above the plain constraint
 * on a clean meeting. The form transfers from chat to a meeting; noise and turn length hardly vary in it.
 */
export const CONVERSATION_FEATURES: FeatureName[] = [
  "hedged",
  "words",
  "nouns",
  "specific",
  "disfluency",
  "question",
  "vagueSubject",
  "unfinished",
  "pointing",
];
export const MEETING_L2 = [0.3, 1, 3, 10, 30];

export interface MeetingSwitch {
  recorded: LogisticModel;
  conversation: LogisticModel;
  route: MeetingRoute;
}

/**
 * The threshold on `value` that misroutes fewest samples (recorded = at or above it), halfway between two
 * observed values; Infinity when no threshold beats sending everything to the conversation model.
 */
function stump(samples: Sample[], value: (s: Sample) => number): number {
  const values = [...new Set(samples.map(value))].sort((a, b) => a - b);
  let best = { at: Infinity, misrouted: samples.filter((s) => !isLocomo(s)).length };
  for (let i = 0; i + 1 < values.length; i++) {
    const at = (values[i]! + values[i + 1]!) / 2;
    const misrouted = samples.filter((s) => value(s) >= at === isLocomo(s)).length;
    if (misrouted < best.misrouted) best = { at, misrouted };
  }
  return best.at;
}

/** Noise first (the property the corpora differ in most); then turn length among what noise calls clean. */
export function chooseRoute(samples: Sample[]): MeetingRoute {
  const noise = stump(samples, (s) => s.features.noise);
  const clean = samples.filter((s) => s.features.noise < noise);
  return { noise, turnWords: stump(clean, (s) => s.features.turnWords) };
}

function fit(samples: Sample[], features: FeatureName[], lambdas: readonly number[]): LogisticModel {
  const rows = toRows(samples, features);
  return { features, ...fitLogistic(rows, chooseLambda(rows, lambdas)) };
}

export function fitSwitch(samples: Sample[], lambdas: readonly number[] = MEETING_L2): MeetingSwitch {
  return {
    recorded: fit(
      samples.filter((s) => !isLocomo(s)),
      RECORDED_FEATURES,
      lambdas,
    ),
    conversation: fit(samples.filter(isLocomo), CONVERSATION_FEATURES, lambdas),
    route: chooseRoute(samples),
  };
}

export function predictSwitch(model: MeetingSwitch, s: Sample): { p: number; recorded: boolean } {
  const recorded = isRecordedSpeech(s.features, model.route);
  const m = recorded ? model.recorded : model.conversation;
  return { p: predict(m, toRows([s], m.features)[0]!.x), recorded };
}

/** Leave one group out: both models and the route fitted on the other groups only. */
export function heldOutSwitch(samples: Sample[], lambdas: readonly number[] = MEETING_L2) {
  const groups = [...new Set(samples.map((s) => s.group))];
  return groups.flatMap((g) => {
    const model = fitSwitch(
      samples.filter((s) => s.group !== g),
      lambdas,
    );
    return samples.filter((s) => s.group === g).map((s) => ({ ...predictSwitch(model, s), y: s.y, group: g }));
  });
}
