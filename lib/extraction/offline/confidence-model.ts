import type { LogisticModel } from "@/lib/extraction/offline/confidence";

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

/** Meetings: fitted on hand labels of QMSum val candidates (scripts/labels/qmsum-val-candidates.jsonl). */
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
  ],
  bias: -2.1984,
  weights: [
    0.2462, -0.282, -0.1802, 0.0378, -0.1018, 0.9626, -0.2592, 0.1474, -0.182, -0.4168, -0.6136, -0.4465, -0.5471,
  ],
};
