import gitleaks from "./gitleaks-rules.json";
import { SIFT_SECRET_RULES } from "./rules";

/**
 * Credentials in text: gitleaks' rule set (ported as data by scripts/port-gitleaks-rules.ts, with its
 * keywords, entropy floors and allowlists) and Sift's own rules for what people say aloud (rules.ts). Pure
 * and synchronous, so the gate, the mask (mask.ts) and every place that shows text can use the same one.
 *
 * Cost stays linear: one pass finds every rule's keywords, and a rule's pattern runs only in a window
 * around its keyword's hits (gitleaks' keyword prefilter, narrowed to where the keyword is).
 */
export interface SecretFinding {
  /** The rule that found it, e.g. "stripe-access-token", "spoken-password". */
  kind: string;
  /** The secret itself: UTF-16 offsets into the text. */
  start: number;
  end: number;
}

interface CompiledRule {
  id: string;
  pattern: RegExp;
  keywords: string[];
  group?: number;
  entropy?: number;
  accept?: (secret: string, match: string, line: () => string) => boolean;
}

/** How far before and after a keyword a rule's match may reach (gitleaks' patterns allow ~50 + 150 chars). */
const BEFORE = 320;
const AFTER = 720;

const compile = (p: { source: string; flags: string }) => new RegExp(p.source, p.flags.replace(/[gd]/g, "") + "gd");

const globalRegexes = gitleaks.allowlist.regexes.map((p) => new RegExp(p.source, p.flags));
const globalStopwords = gitleaks.allowlist.stopwords.map((w) => w.toLowerCase());

function allowedByGitleaks(
  allowlists: Array<{ target: string; regexes: Array<{ source: string; flags: string }>; stopwords: string[] }>,
): (secret: string, match: string, line: () => string) => boolean {
  const lists = allowlists.map((a) => ({
    target: a.target,
    regexes: a.regexes.map((p) => new RegExp(p.source, p.flags)),
    stopwords: a.stopwords.map((w) => w.toLowerCase()),
  }));
  return (secret, match, line) => {
    const lower = secret.toLowerCase();
    if (globalRegexes.some((re) => re.test(secret)) || globalStopwords.some((w) => lower.includes(w))) return false;
    for (const list of lists) {
      const target = list.target === "secret" ? secret : list.target === "line" ? line() : match;
      if (list.regexes.some((re) => re.test(target))) return false;
      if (list.stopwords.some((w) => lower.includes(w))) return false;
    }
    return true;
  };
}

const RULES: CompiledRule[] = [
  ...SIFT_SECRET_RULES.map((r) => ({
    id: r.id,
    pattern: compile({ source: r.pattern.source, flags: r.pattern.flags }),
    keywords: [],
    group: r.group,
    entropy: r.entropy,
    accept: r.accept,
  })),
  ...gitleaks.rules.map((r) => ({
    id: r.id,
    pattern: compile(r),
    keywords: r.keywords,
    group: "secretGroup" in r ? (r.secretGroup as number) : undefined,
    entropy: "entropy" in r ? (r.entropy as number) : undefined,
    accept: allowedByGitleaks("allowlists" in r ? (r.allowlists as never) : []),
  })),
];

// Every keyword once, longest first so a longer one is not hidden by its prefix; one pass finds them all.
const KEYWORDS = [...new Set(RULES.flatMap((r) => r.keywords))].sort((a, b) => b.length - a.length);
const KEYWORD_PATTERN = new RegExp(KEYWORDS.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "gi");
const RULES_BY_KEYWORD = new Map<string, CompiledRule[]>();
for (const rule of RULES) {
  for (const k of rule.keywords) RULES_BY_KEYWORD.set(k, [...(RULES_BY_KEYWORD.get(k) ?? []), rule]);
}

/** Shannon entropy in bits per character. */
export function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** The secret's span in a match: the rule's group, else gitleaks' choice (the first group that matched). */
function secretSpan(match: RegExpExecArray, group: number | undefined): [number, number] | null {
  const indices = match.indices;
  if (!indices) return null;
  if (group !== undefined) return indices[group] ?? null;
  for (let g = 1; g < indices.length; g++) if (indices[g]) return indices[g] as [number, number];
  return indices[0] ?? null;
}

function runRule(rule: CompiledRule, text: string, from: number, to: number, out: SecretFinding[]) {
  const slice = text.slice(from, to);
  rule.pattern.lastIndex = 0;
  for (const match of slice.matchAll(rule.pattern)) {
    const span = secretSpan(match, rule.group);
    if (!span || span[1] <= span[0]) continue;
    const secret = slice.slice(span[0], span[1]);
    if (rule.entropy !== undefined && shannonEntropy(secret) <= rule.entropy) continue;
    const at = from + match.index;
    const line = () => {
      const end = text.indexOf("\n", at + match[0].length);
      return text.slice(text.lastIndexOf("\n", at) + 1, end < 0 ? text.length : end);
    };
    if (rule.accept && !rule.accept(secret, match[0], line)) continue;
    out.push({ kind: rule.id, start: from + span[0], end: from + span[1] });
  }
}

/** Windows [from, to) around each hit, merged where they overlap. */
function windows(hits: number[], length: number): Array<[number, number]> {
  const merged: Array<[number, number]> = [];
  for (const at of hits) {
    const from = Math.max(0, at - BEFORE);
    const to = Math.min(length, at + AFTER);
    const last = merged.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/**
 * Every credential in the text, in order, overlapping finds merged into one span (its first rule's kind).
 * Sift's rules run over the whole text (their patterns start at a word they name); gitleaks' only near
 * their keywords.
 */
export function findSecrets(text: string): SecretFinding[] {
  if (text.length < 6) return [];
  const found: SecretFinding[] = [];
  for (const rule of RULES) if (rule.keywords.length === 0) runRule(rule, text, 0, text.length, found);
  const hits = new Map<CompiledRule, number[]>();
  KEYWORD_PATTERN.lastIndex = 0;
  for (const m of text.matchAll(KEYWORD_PATTERN)) {
    for (const rule of RULES_BY_KEYWORD.get(m[0].toLowerCase()) ?? []) {
      const list = hits.get(rule) ?? [];
      list.push(m.index);
      hits.set(rule, list);
    }
  }
  for (const [rule, at] of hits) {
    for (const [from, to] of windows(at, text.length)) runRule(rule, text, from, to, found);
  }
  return mergeFindings(found);
}

function mergeFindings(found: SecretFinding[]): SecretFinding[] {
  const sorted = [...found].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: SecretFinding[] = [];
  for (const f of sorted) {
    const last = out.at(-1);
    if (last && f.start < last.end) last.end = Math.max(last.end, f.end);
    else out.push({ ...f });
  }
  return out;
}

/** The kinds of credential in the text, each once ("stripe-access-token", "spoken-password"). */
export function secretKinds(text: string): string[] {
  return [...new Set(findSecrets(text).map((f) => f.kind))];
}
