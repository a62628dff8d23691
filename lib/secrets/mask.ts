import { findSecrets } from "./detect";

/**
 * The one mask for a credential, wherever Sift shows or writes text a person or a program reads: cards,
 * gate and match reasons, toasts and errors, the log, exports, the API, MCP, the dashboard and the source
 * page. A secret keeps its kind's prefix and, when long, its last four characters (`sk_live_••••…••1234`);
 * a short one (a spoken password, a PIN) is all bullets. The mask has the secret's length, so a quote's
 * offsets and highlights stay where they were.
 */
export const MASK_CHAR = "•";

/** A key's readable prefix: "sk_live_", "ghp_", "xoxb-", "hf_" (letters, then up to two more parts). */
const PREFIX = /^[a-z]{2,5}(?:[_-][a-z0-9]{2,8}){0,2}[_-]/i;

export function maskSecret(secret: string): string {
  const n = secret.length;
  if (n < 12) return MASK_CHAR.repeat(n);
  const prefix = PREFIX.exec(secret)?.[0] ?? "";
  const head = prefix.length <= n / 3 ? prefix : "";
  const tail = n >= 16 ? secret.slice(-4) : "";
  return head + MASK_CHAR.repeat(n - head.length - tail.length) + tail;
}

/** The text with every credential masked (same length); text without one comes back as it was. */
export function maskSecrets(text: string): string {
  const found = findSecrets(text);
  if (found.length === 0) return text;
  let out = "";
  let from = 0;
  for (const f of found) {
    out += text.slice(from, f.start) + maskSecret(text.slice(f.start, f.end));
    from = f.end;
  }
  return out + text.slice(from);
}

/** Every string in a JSON-like value masked (an API answer, a log line's fields), the rest as it was. */
export function maskSecretsDeep<T>(value: T): T {
  if (typeof value === "string") return maskSecrets(value) as T;
  if (Array.isArray(value)) return value.map(maskSecretsDeep) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = maskSecretsDeep(v);
    return out as T;
  }
  return value;
}
