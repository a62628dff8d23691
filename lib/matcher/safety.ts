import { describeInvisible, stripInvisible } from "@/lib/text/invisible";

/**
 * Candidates a person must look at whatever the policy says: text that hides characters, text that
 * speaks to the system instead of about the world, and text that holds a credential. Each gives a gate
 * reason that never repeats the secret itself. A candidate gated here is never auto-approved or merged.
 */

/** The gate reasons' openings: the queue's gate filter finds them by these (lib/queue/schema.ts). */
export const SAFETY_REASON = {
  invisible: "Invisible characters",
  instruction: "Reads as an instruction to the system",
  secret: "Holds a credential or secret",
} as const;

/** One case-insensitive pattern from readable pieces (a long regex literal cannot be read or wrapped). */
const re = (flags: string, ...parts: string[]) => new RegExp(parts.join(""), flags);

// Words addressed to an assistant or a pipeline rather than said about the team's work.
const INSTRUCTIONS: RegExp[] = [
  re(
    "i",
    String.raw`\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|the\s+|your\s+)*`,
    String.raw`(?:previous|prior|above|earlier|preceding|system|original)?\s*`,
    String.raw`(?:instructions|rules|prompts?|guidelines|directions|guardrails)\b`,
  ),
  re(
    "i",
    String.raw`\b(?:approve|accept|trust|verify|whitelist)\s+(?:everything|all\s+(?:of\s+)?(?:these|the|my|this)?\s*`,
    String.raw`(?:facts|candidates|proposals|memories|items)?|this\s+(?:fact|candidate|memory)\s+automatically)\b`,
  ),
  /\bmark\s+(?:this|it|everything|all\s+\w+)\s+as\s+(?:approved|verified|trusted|reviewed)\b/i,
  /\b(?:do\s+not|don'?t|never)\s+(?:gate|flag|review|check)\s+(?:this|these|it|them|anything)\b/i,
  /\b(?:system\s+prompt|developer\s+mode|jailbreak|prompt\s+injection)\b/i,
  /\byou\s+are\s+now\s+(?:an?\s+)?(?:ai|assistant|model|chatbot|system|admin(?:istrator)?|reviewer)\b/i,
  /<\/?\s*(?:system|assistant|instructions?)\s*>|\[\/?INST\]/i,
];

// A credential said aloud: "the admin password is hunter2", "PIN: 4821", "API key is sk_live_…".
const SPOKEN_SECRET = re(
  "gi",
  String.raw`\b(password|passcode|passphrase|pin(?:\s+code)?|api\s+key|secret\s+key|access\s+key|`,
  String.raw`auth(?:entication)?\s+token|token)\s*(?:is|was|=|:)\s*["'“]?([^\s"'”,;]+)`,
);
// What follows "password is" when no password does.
const NOT_A_SECRET = new Set(
  (
    "a an the not no too very still now also being expired required wrong incorrect correct reset changed set " +
    "stored shared saved rotated long short weak strong secure missing empty in on at for to of with from by " +
    "managed needed valid invalid sent different same case-sensitive mandatory optional there here"
  ).split(" "),
);

function spokenSecret(text: string): string | null {
  for (const match of text.matchAll(SPOKEN_SECRET)) {
    const what = (match[1] ?? "").toLowerCase().replace(/\s+/g, " ");
    const value = (match[2] ?? "").replace(/[.!?]+$/, "");
    if (value.length === 0 || NOT_A_SECRET.has(value.toLowerCase())) continue;
    // A token or key is long and mixed; a password or PIN can be anything but a plain word from the list.
    if (/key|token/.test(what) && !(value.length >= 12 && /\d/.test(value) && /[a-z]/i.test(value))) continue;
    return what;
  }
  return null;
}

/**
 * The safety gate reasons of a candidate's content and quote. `secrets` are the kinds of credential a
 * secret scanner found in them (lib/matcher/secrets.ts), e.g. "github".
 */
export function safetyReasons({
  content,
  quote = "",
  secrets = [],
}: {
  content: string;
  quote?: string;
  secrets?: string[];
}): string[] {
  const reasons: string[] = [];
  const invisible = describeInvisible(content, quote);
  if (invisible) reasons.push(`${SAFETY_REASON.invisible} (${invisible}): shown marked; removed on approval`);
  // Read as a person would see it: hidden characters cannot break up a phrase to slip it past.
  const text = stripInvisible(`${content}\n${quote}`);
  const instruction = INSTRUCTIONS.map((re) => text.match(re)?.[0]).find(Boolean);
  if (instruction) reasons.push(`${SAFETY_REASON.instruction} ("${instruction.replace(/\s+/g, " ").trim()}")`);
  const kinds = [...new Set([...secrets, spokenSecret(text)].filter((k): k is string => Boolean(k)))];
  if (kinds.length > 0) reasons.push(`${SAFETY_REASON.secret} (${kinds.join(", ")}); reject it, or edit it out`);
  return reasons;
}
