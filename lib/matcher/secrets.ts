import { lintSource } from "@secretlint/core";
import { creator as recommended } from "@secretlint/secretlint-rule-preset-recommend";

/**
 * Credentials in candidate texts, found by secretlint's recommended rules (cloud keys, GitHub, Slack,
 * npm, OpenAI and Anthropic keys, private keys, basic auth, database URLs …): a maintained list, not
 * ours. Returns, per text, the kinds found (the rule's name, never the secret). One scan for the batch.
 */
export async function findSecretKinds(texts: string[]): Promise<string[][]> {
  const found = texts.map(() => new Set<string>());
  if (texts.length === 0) return [];
  const separator = "\n\n";
  const starts: number[] = [];
  let content = "";
  for (const text of texts) {
    starts.push(content.length);
    content += text + separator;
  }
  const result = await lintSource({
    source: { content, filePath: "candidates.txt", ext: ".txt", contentType: "text" },
    options: { config: { rules: [{ id: "@secretlint/secretlint-rule-preset-recommend", rule: recommended }] } },
  });
  for (const message of result.messages) {
    const at = message.range[0];
    let i = starts.length - 1;
    while (i > 0 && (starts[i] as number) > at) i--;
    found[i]?.add(message.ruleId.replace(/^@secretlint\/secretlint-rule-/, ""));
  }
  return found.map((kinds) => [...kinds]);
}
