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
  bias: -2.3039,
  weights: [0.1764, -0.1089, -0.2461, 1.1336, -0.0675, -0.553, 1.5615, 0.4303, 1.0113, 0.0188],
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
  bias: -4.2677,
  weights: [
    0.106, -0.5797, -0.2929, 0.7004, -0.0794, 1.4266, -0.3398, -0.4404, -0.3621, -0.5455, -1.9439, -2.1392, -0.6202,
    0.5332,
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
  bias: -1.274,
  weights: [-0.5876, 0.0763, 0.8156, 0.6946, 0.0544, -1.0437, -0.746, -0.4075, -4.4449],
};

/** From which noise or mean turn length a meeting is recorded speech. */
export const MEETING_ROUTE: MeetingRoute = { noise: 3.3738, turnWords: 37.3804 };
