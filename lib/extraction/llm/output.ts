import { jsonSchema, type JSONSchema7, type Schema } from "ai";
import { normalizeItem } from "@/lib/extraction/llm/normalize";
import { DEFAULT_MAX_FACTS } from "@/lib/extraction/llm/prompt";
import { ExtractedFactSchema, TEMPORALS, type ExtractedFact } from "@/lib/extraction/schema";

/**
 * The structured-output schema of one extraction request. The JSON Schema sent to the model uses only
 * keywords every structured-output implementation accepts (OpenAI strict mode rejects min/max and
 * friends), constrains `kind` to the run's kind ids, and lists every property as required. Parsing is
 * then lenient per fact (normalize.ts): a fact is mapped to the schema where it can be, else refused with
 * a reason instead of failing the whole chunk; only a reply that is not `{ facts: [...] }` at all, or whose
 * every fact is malformed, counts as a schema mismatch. At most `maxFacts` are kept, the best-ranked.
 */

export interface ParsedFacts {
  facts: ExtractedFact[];
  /** One reason per item not kept (shown on the run). */
  refused: string[];
}

/** A reply that is JSON but not the shape asked for. Its message is ours, safe to show users. */
export class SchemaMismatch extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SchemaMismatch";
  }
}

export function factsJsonSchema(kindIds: string[]): JSONSchema7 {
  const fact: JSONSchema7 = {
    type: "object",
    properties: {
      content: { type: "string", description: ExtractedFactSchema.shape.content.description ?? "" },
      kind: { type: "string", enum: kindIds, description: "One of the kind ids listed in the instructions" },
      confidence: { type: "number", description: "0..1; below 0.7 means you are guessing" },
      importance: { type: "number", description: "0..1; how much this matters later" },
      temporal: { type: "string", enum: [...TEMPORALS] },
      speaker: { type: ["string", "null"], description: "Who said it, as named in the source, or null" },
      quote: { type: "string", description: "The exact words from the source that support this fact, copied verbatim" },
    },
    required: ["content", "kind", "confidence", "importance", "temporal", "speaker", "quote"],
    additionalProperties: false,
  };
  return {
    type: "object",
    properties: { facts: { type: "array", items: fact } },
    required: ["facts"],
    additionalProperties: false,
  };
}

export function parseFacts(value: unknown, kindIds: ReadonlySet<string>, maxFacts = DEFAULT_MAX_FACTS): ParsedFacts {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new SchemaMismatch('expected a JSON object with a "facts" list');
  }
  const list = (value as Record<string, unknown>).facts;
  if (!Array.isArray(list)) throw new SchemaMismatch('the reply has no "facts" list');

  const facts: ExtractedFact[] = [];
  const refused: string[] = [];
  let malformed = 0;
  for (const item of list) {
    const normalized = normalizeItem(item, kindIds);
    if ("fact" in normalized) facts.push(normalized.fact);
    else {
      refused.push(normalized.refused);
      if (!normalized.refused.startsWith("kind ")) malformed++;
    }
  }
  // Every item malformed means the model ignored the format; unknown kinds alone never fail a chunk.
  if (list.length > 0 && malformed === list.length) {
    throw new SchemaMismatch(`none of the ${list.length} facts matched the expected format (${refused[0] ?? ""})`);
  }
  return capFacts(facts, refused, maxFacts);
}

/** The prompt's cap, enforced: the best-ranked facts kept (importance, then confidence), the rest refused. */
function capFacts(facts: ExtractedFact[], refused: string[], maxFacts: number): ParsedFacts {
  if (facts.length <= maxFacts) return { facts, refused };
  const ranked = facts
    .map((fact, i) => ({ fact, i }))
    .sort((a, b) => b.fact.importance - a.fact.importance || b.fact.confidence - a.fact.confidence || a.i - b.i);
  const kept = new Set(ranked.slice(0, maxFacts).map((r) => r.i));
  const over = facts.length - maxFacts;
  return {
    facts: facts.filter((_, i) => kept.has(i)),
    refused: [...refused, ...Array.from({ length: over }, () => `over the cap of ${maxFacts} facts per chunk`)],
  };
}

export function factsOutputSchema(kindIds: string[], maxFacts?: number): Schema<ParsedFacts> {
  const allowed = new Set(kindIds);
  return jsonSchema<ParsedFacts>(factsJsonSchema(kindIds), {
    validate: (value) => {
      try {
        return { success: true, value: parseFacts(value, allowed, maxFacts) };
      } catch (error) {
        return { success: false, error: error instanceof Error ? error : new Error(String(error)) };
      }
    },
  });
}
