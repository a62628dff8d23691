import { AppError } from "@/lib/errors";
import type { SecretChoice } from "@/lib/facts/schema";
import { secretKinds } from "@/lib/secrets/detect";
import { maskSecrets } from "@/lib/secrets/mask";
import { stripInvisible } from "@/lib/text/invisible";

/**
 * What a fact stores of a text that may hold a credential, on every path into the fact base (approve,
 * merge with a wording, manual entry, edit): the text as it is when it holds none; else, only when the
 * reviewer acknowledged it, the text masked (or as it is, if they chose to keep the secret). Without the
 * acknowledgement the decision is refused with a message that says how to proceed, and nothing is stored.
 */
export function storedText(text: string, choice: SecretChoice = {}, field = "content"): string {
  const kinds = secretKinds(stripInvisible(text));
  if (kinds.length === 0) return text;
  if (!choice.acknowledgeSecret) {
    const why =
      `This text holds a credential (${kinds.join(", ")}). Reject it, edit the secret out, or confirm that you ` +
      "want it in the fact base (it is stored masked unless you also choose to keep the secret).";
    throw new AppError("VALIDATION", why, { fieldErrors: { [field]: ["Holds a credential: confirm or edit it out"] } });
  }
  return choice.keepSecret ? text : maskSecrets(text);
}

/** A provenance quote: masked unless the reviewer chose to keep the secret (no acknowledgement needed). */
export function storedQuote(quote: string, choice: SecretChoice = {}): string {
  return choice.keepSecret ? quote : maskSecrets(quote);
}
