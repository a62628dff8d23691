// C0 controls other than tab and newline: JSON strings, VTT escapes ("&#0;") and form fields can carry them, and
// PostgreSQL refuses NUL in text columns and in JSON.
export const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F]/g;

// PostgreSQL refuses a lone surrogate in text and JSON: a JSON escape ("\ud800") or a name can carry one.
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A one-line field as PostgreSQL can store it: controls gone, a lone surrogate shown as U+FFFD. */
export function storableLine(text: string): string {
  return text.replace(CONTROLS, "").replace(LONE_SURROGATE, "\uFFFD");
}
