import "server-only";
import type { TokenUsage } from "@/lib/extraction/types";
import { addUsage } from "@/lib/extraction/usage";

/**
 * The tokens a run's matcher spends (its LLM judge and embedding calls; issue 26 item 6): one meter per run,
 * handed to the judge and the embedder it builds, read when the run ends and added to the chunks' usage.
 */
export interface UsageMeter {
  add(usage: TokenUsage): void;
  /** What was added so far, and by how many calls. */
  readonly usage: TokenUsage;
  readonly calls: number;
}

export function createUsageMeter(): UsageMeter {
  const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  let calls = 0;
  return {
    add(part) {
      calls++;
      addUsage(usage, part);
    },
    usage,
    get calls() {
      return calls;
    },
  };
}
