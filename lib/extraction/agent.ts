import { z } from "zod";
import { ExtractedFactSchema, type ExtractedFact } from "@/lib/extraction/schema";
import type { Extractor } from "@/lib/extraction/types";

/**
 * A fact an agent proposes (MCP `propose_facts`, the API): the extractor's own schema, with what an agent
 * may not know filled in. Without a quote the content is its own quote.
 */
export const ProposedFactSchema = ExtractedFactSchema.extend({
  importance: ExtractedFactSchema.shape.importance.default(0.5),
  temporal: ExtractedFactSchema.shape.temporal.default("present"),
  speaker: ExtractedFactSchema.shape.speaker.default(null),
  quote: ExtractedFactSchema.shape.quote.optional(),
});
export type ProposedFact = z.infer<typeof ProposedFactSchema>;

/** The text a list of proposals is stored as when the agent sends no transcript: one line per fact. */
export function proposalText(facts: ProposedFact[]): string {
  return facts.map((f) => f.quote ?? f.content).join("\n");
}

/**
 * An "extractor" that returns what an agent proposed, so proposals go through the run a transcript goes
 * through (grounding, matching, the gate, the queue) and are never a shortcut into the fact base. Every
 * fact is returned with the first chunk; grounding finds each quote in the whole text.
 */
export function agentExtractor(facts: ProposedFact[]): Extractor {
  const extracted: ExtractedFact[] = facts.map((f) => ({ ...f, quote: f.quote ?? f.content }));
  return {
    name: "agent",
    modelId: null,
    promptVersion: null,
    // Kinds were checked against the settings before the run was made (lib/api/runs.ts).
    async extractChunk(_input, chunk) {
      return { facts: chunk.index === 0 ? extracted : [] };
    },
  };
}
