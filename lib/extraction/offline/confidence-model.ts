import type { LogisticModel, MeetingRoute } from "@/lib/extraction/offline/confidence";

// Written by `npx tsx scripts/fit-confidence.ts --write`.

/** Chat about people: fitted on LoCoMo's gold observations (5 conversations). */
export const PERSONAL_MODEL: LogisticModel = {
  features: [
    "strong",
    "weak",
    "hedged",
    "importance",
    "fallback",
    "words",
    "nouns",
    "specific",
    "firstPerson",
    "disfluency",
  ],
  bias: -2.5304,
  weights: [0.1234, -0.099, -0.3362, 1.3337, -0.0244, -0.3479, 1.3127, 0.4874, 0.99, 0.0654],
};

/** Recorded meetings: fitted on hand labels of QMSum val candidates (scripts/labels/qmsum-val-candidates.jsonl). */
export const MEETING_MODEL: LogisticModel = {
  features: [
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
  ],
  bias: -4.0742,
  weights: [
    0.1559, -0.5009, -0.1837, 0.3651, -0.1407, 1.4682, -0.3958, -0.3333, -0.5951, -0.7352, -1.1796, -0.6696, -0.6525,
    0.5266,
  ],
};

/** Meetings as clean conversation: fitted on LoCoMo's gold observations, extracted with the meeting preset. */
export const CONVERSATION_MODEL: LogisticModel = {
  features: [
    "hedged",
    "words",
    "nouns",
    "specific",
    "disfluency",
    "question",
    "vagueSubject",
    "unfinished",
    "pointing",
  ],
  bias: -1.3167,
  weights: [-0.5579, 0.028, 0.9114, 0.6999, 0.0514, -1.0211, -0.6687, -0.3798, -4.0443],
};

/** From which noise or mean turn length a meeting is recorded speech. */
export const MEETING_ROUTE: MeetingRoute = { noise: 3.3738, turnWords: 37.3804 };
