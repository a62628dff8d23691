import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldError, FieldErrors, FieldName, Path, PathValue, Resolver, ResolverOptions } from "react-hook-form";
import { SettingsSchema, type Settings, type SettingsInput } from "@/lib/settings/schema";
import { formatTaxonomyText, parseTaxonomyText } from "@/lib/settings/taxonomy-text";

/** The settings as the form edits them: as stored, except the custom kinds, which a reviewer types as text. */
export type SettingsFormValues = Omit<Settings, "customKinds"> & { customKinds: string };

export function toFormValues(settings: Settings): SettingsFormValues {
  return { ...settings, customKinds: settings.customKinds ? formatTaxonomyText(settings.customKinds) : "" };
}

/**
 * The fields the form shows, with their labels (the e2e tests find fields by these). Settings that are
 * stored but not shown here (e.g. the embedding thresholds) travel along untouched; an error on one of
 * them goes to the form-level list instead of vanishing.
 */
export const FIELD_LABELS = {
  "gates.minConfidence": "Gate below confidence",
  "gates.gateUnsupported": "Gate quotes not found in the source",
  "gates.gateContradictions": "Gate contradictions of approved facts",
  "gates.autoApprove.enabled": "Auto-approve supported, new, non-conflicting candidates",
  "gates.autoMergeExactDuplicates": "Auto-merge exact duplicates into the existing fact",
  "gates.autoApprove.minConfidence": "Auto-approve from confidence",
  "gates.autoRejectRepeats": "Reject again what repeats a rejected candidate (same reason; counted on the run)",
  "thresholds.duplicate": "Duplicate at score ≥",
  "thresholds.related": "Related at score ≥",
  "thresholds.contradicts": "Contradiction: rest similar ≥",
  defaultPreset: "Default preset",
  knownFactsLimit: "Known facts sent to the model",
  customKinds: "Custom kinds",
  promptTemplate: "LLM prompt template",
  "learning.enabled": "Learn from this team's decisions: rank and gate by the learned confidence",
  "learning.autoApprove": "Let auto-approve use the learned confidence",
  keyboardShortcuts: "Single-key shortcuts in the review queue (j, k, a, e, r, …)",
} as const satisfies Partial<Record<Path<SettingsFormValues>, string>>;

export type ShownField = keyof typeof FIELD_LABELS;
type FieldsOf<T> = { [P in ShownField]: PathValue<SettingsFormValues, P> extends T ? P : never }[ShownField];
export type NumberFieldName = FieldsOf<number>;
export type BooleanFieldName = FieldsOf<boolean>;

export function isShownField(path: string): path is ShownField {
  return Object.hasOwn(FIELD_LABELS, path);
}

/**
 * zod's default wording describes the parser ("expected number, received NaN"); an emptied number
 * input reaches the schema as NaN, so the reviewer needs words about the field instead. Messages the
 * schema sets itself (e.g. "related must be below duplicate") take precedence over these.
 */
function numberMessage(issue: { code: string; [k: string]: unknown }): string | undefined {
  if (issue.code === "invalid_type" && issue.expected === "number") return "Enter a number";
  if (issue.code === "invalid_type" && issue.expected === "int") return "Enter a whole number";
  if (issue.code === "too_small" && issue.origin === "number") return `Enter ${String(issue.minimum)} or more`;
  if (issue.code === "too_big" && issue.origin === "number") return `Enter ${String(issue.maximum)} or less`;
  return undefined;
}

const schemaResolver = zodResolver(SettingsSchema, { error: numberMessage });

/**
 * Validates with the one SettingsSchema the server action and stored JSON use. Only the custom kinds
 * need a step first: their text is parsed the way the save has always parsed it, and a parse error
 * lands on that field with the parser's own message.
 */
export const settingsResolver: Resolver<SettingsFormValues, unknown, Settings> = async (values, context, options) => {
  const kinds = values.customKinds.trim()
    ? parseTaxonomyText(values.customKinds)
    : ({ ok: true, kinds: null } as const);
  const input: SettingsInput = { ...values, customKinds: kinds.ok ? kinds.kinds : null };
  // The options describe the form's fields (zod's resolver copies their refs onto its errors); typed for the
  // form's values, they differ from the schema's input only in customKinds, whose errors are redone below.
  const inputOptions: ResolverOptions<SettingsInput> = {
    ...options,
    names: options.names as FieldName<SettingsInput>[] | undefined,
  };
  const result = await schemaResolver(input, context, inputOptions);
  const { customKinds: kindsIssue, ...errors } = result.errors as FieldErrors<SettingsInput>;
  const kindsMessage = kinds.ok ? firstMessage(kindsIssue) : kinds.error;
  if (!kindsMessage && Object.keys(errors).length === 0) return { values: result.values as Settings, errors: {} };
  return {
    values: {},
    errors: {
      ...(errors as FieldErrors<SettingsFormValues>),
      ...(kindsMessage
        ? { customKinds: { type: "taxonomy", message: kindsMessage, ref: options.fields.customKinds?.ref } }
        : {}),
    },
  };
};

function isFieldError(node: unknown): node is FieldError {
  return typeof node === "object" && node !== null && typeof (node as FieldError).message === "string";
}

function firstMessage(node: unknown): string | undefined {
  return flattenErrors(node)[0]?.message;
}

/** Every message in a nested error object, with its dotted path. */
export function flattenErrors(node: unknown, prefix = ""): { path: string; message: string }[] {
  if (isFieldError(node)) return [{ path: prefix, message: node.message! }];
  if (typeof node !== "object" || node === null) return [];
  return Object.entries(node).flatMap(([key, child]) =>
    key === "ref" ? [] : flattenErrors(child, prefix ? `${prefix}.${key}` : key),
  );
}

const FORM_ORDER = Object.keys(FIELD_LABELS);

/** The same, top of the page first, so a toast names the field the focus has just moved to. */
export function errorsInFormOrder(errors: FieldErrors<SettingsFormValues>): { path: string; message: string }[] {
  const rank = (path: string) => (isShownField(path) ? FORM_ORDER.indexOf(path) : FORM_ORDER.length);
  return flattenErrors(errors).sort((a, b) => rank(a.path) - rank(b.path));
}
