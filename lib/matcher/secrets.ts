import { secretKinds } from "@/lib/secrets/detect";
import { stripInvisible } from "@/lib/text/invisible";

/**
 * Credentials in a batch of candidate texts (lib/secrets: gitleaks' rules ported as data, and Sift's rules
 * for credentials said aloud). Returns, per text, the kinds found (the rule's name, never the secret).
 * Hidden characters cannot split a key to slip it past: the text is read as a person sees it.
 */
export async function findSecretKinds(texts: string[]): Promise<string[][]> {
  return texts.map((text) => secretKinds(stripInvisible(text)));
}
