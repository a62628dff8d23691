import { jsonSchema, type JSONSchema7, type Schema } from "ai";
import { ExtractedFactSchema, TEMPORALS, type ExtractedFact } from "@/lib/extraction/schema";

/**
 * The structured-output schema of one extraction request. The JSON Schema sent to the model uses only
 * keywords every structured-output implementation accepts (OpenAI strict mode rejects min/max and
 * friends), constrains `kind` to the run's kind ids, and lists every property as required. Parsing is
 * then lenient per fact: one fact with an unknown kind or a bad field is dropped with a warning
 * instead of failing the whole chunk; only a reply that is not `{ facts: [...] }` at all, or whose
 * every fact is malformed, counts as a schema mismatch.
 */

export interface ParsedFacts {
  facts: ExtractedFact[];
  warnings: string[];
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

export function parseFacts(value: unknown, kindIds: ReadonlySet<string>): ParsedFacts {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new SchemaMismatch('expected a JSON object with a "facts" list');
  }
  const list = (value as Record<string, unknown>).facts;
  if (!Array.isArray(list)) throw new SchemaMismatch('the reply has no "facts" list');

  const facts: ExtractedFact[] = [];
  const warnings: string[] = [];
  let malformed = 0;
  list.forEach((item, i) => {
    const parsed = ExtractedFactSchema.safeParse(item);
    if (!parsed.success) {
      malformed++;
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? issue.path.join(".") : "fact";
      warnings.push(`dropped fact ${i + 1}: ${where}: ${issue?.message ?? "invalid"}`);
      return;
    }
    if (!kindIds.has(parsed.data.kind)) {
      warnings.push(`dropped fact ${i + 1}: unknown kind "${parsed.data.kind}"`);
      return;
    }
    facts.push(parsed.data);
  });
  // Every item malformed means the model ignored the format; unknown kinds alone never fail a chunk.
  if (list.length > 0 && malformed === list.length) {
    throw new SchemaMismatch(`none of the ${list.length} facts matched the expected format (${warnings[0] ?? ""})`);
  }
  return { facts, warnings };
}

export function factsOutputSchema(kindIds: string[]): Schema<ParsedFacts> {
  const allowed = new Set(kindIds);
  return jsonSchema<ParsedFacts>(factsJsonSchema(kindIds), {
    validate: (value) => {
      try {
        return { success: true, value: parseFacts(value, allowed) };
      } catch (error) {
        return { success: false, error: error instanceof Error ? error : new Error(String(error)) };
      }
    },
  });
}
