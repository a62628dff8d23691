import { secretKinds } from "@/lib/secrets/detect";
import { maskSecrets } from "@/lib/secrets/mask";
import { describeInvisible, stripInvisible } from "@/lib/text/invisible";
import { describeLookalikes } from "@/lib/text/lookalikes";
import { INSTRUCTIONS } from "./instructions";
import { SAFETY_REASON } from "./safety-reasons";

/**
 * Candidates a person must look at whatever the policy says: text that hides characters (invisible or
 * control characters, look-alike letters), text that speaks to the system instead of about the world, and
 * text that holds a credential. Each gives a gate reason that never repeats the secret itself. A candidate
 * gated here is never auto-approved or merged, on any path (lib/matcher/gating.ts).
 */

/**
 * The safety gate reasons of a candidate's content and quote. `secrets` are kinds of credential another
 * scan found (the gate's batch scan, lib/matcher/secrets.ts); the text is scanned here too.
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
  const lookalike = describeLookalikes(`${content}\n${quote}`);
  if (lookalike) reasons.push(`${SAFETY_REASON.lookalike} (${lookalike}): shown marked`);
  // Read as a person would see it: hidden characters cannot break up a phrase to slip it past.
  const text = stripInvisible(`${content}\n${quote}`);
  const instruction = INSTRUCTIONS.map((rule) => text.match(rule.pattern)?.[0]).find(Boolean);
  if (instruction) {
    reasons.push(`${SAFETY_REASON.instruction} ("${maskSecrets(instruction.replace(/\s+/g, " ").trim())}")`);
  }
  const kinds = [...new Set([...secrets, ...secretKinds(text)])];
  if (kinds.length > 0) {
    reasons.push(
      `${SAFETY_REASON.secret} (${kinds.join(", ")}): shown masked; reject it, edit it out, or approve it masked`,
    );
  }
  return reasons;
}

/** Whether the text holds a credential: the reviewer must say so to approve it (lib/facts/decide.ts). */
export function holdsSecret(text: string): boolean {
  return secretKinds(stripInvisible(text)).length > 0;
}
