/**
 * `npx tsx scripts/port-gitleaks-rules.ts <gitleaks checkout>`: ports gitleaks' rule set (config/gitleaks.toml,
 * MIT) to data Sift's secret scanner reads (lib/secrets/gitleaks-rules.json), and the literal examples of each
 * rule's Go definition (cmd/generate/config/rules/*.go: true and false positives) to the test's fixture. Run it
 * again on a newer checkout to take gitleaks' new rules; the test (lib/secrets/gitleaks.test.ts) says which
 * examples the port does not reproduce.
 *
 * Go's RE2 syntax becomes JavaScript's (toJsPattern). A rule that does not compile is left out and listed.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { z } from "zod";

const AllowlistSchema = z.object({
  regexTarget: z.string().optional(),
  regexes: z.array(z.string()).optional(),
  stopwords: z.array(z.string()).optional(),
  condition: z.string().optional(),
  paths: z.array(z.string()).optional(),
  path: z.string().optional(),
});
const ConfigSchema = z.object({
  allowlist: z.object({ regexes: z.array(z.string()), stopwords: z.array(z.string()) }),
  rules: z.array(
    z.object({
      id: z.string(),
      regex: z.string().optional(),
      entropy: z.number().optional(),
      keywords: z.array(z.string()).optional(),
      secretGroup: z.number().optional(),
      allowlists: z.array(AllowlistSchema).optional(),
      path: z.string().optional(),
    }),
  ),
});

const POSIX: Record<string, string> = {
  alnum: "a-zA-Z0-9",
  alpha: "a-zA-Z",
  digit: "0-9",
  upper: "A-Z",
  lower: "a-z",
  xdigit: "0-9a-fA-F",
  space: String.raw`\s`,
  punct: String.raw`!-\/:-@\[-\x60{-~`,
  word: String.raw`\w`,
};

const swapCase = (c: string) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());
const isLetter = (c: string) => /^[a-z]$/i.test(c);

/** A character class's body with both cases of each letter and letter range (for a case-insensitive scope). */
function bothCases(body: string): string {
  let extra = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === "\\") {
      i++;
      continue;
    }
    if (body[i + 1] === "-" && i + 2 < body.length && isLetter(c) && isLetter(body[i + 2] as string)) {
      extra += `${swapCase(c)}-${swapCase(body[i + 2] as string)}`;
      i += 2;
    } else if (isLetter(c)) extra += swapCase(c);
  }
  // In front (after a leading "-", which stays literal): after a trailing "-" a range would start.
  return body.startsWith("-") ? `-${extra}${body.slice(1)}` : extra + body;
}

/**
 * An RE2 pattern as a JavaScript one, or null when it cannot be expressed. Node 20 has no inline flags, so a
 * case-insensitive scope (`(?i)` to the end of its group, `(?i:…)`) is written out: each letter as `[aA]`, each
 * class with both cases; `(?-i:…)` stays as written. POSIX classes become ranges, `\z` the end, `(?P<` `(?<`.
 */
export function toJsPattern(re2: string): { source: string; flags: string } | null {
  const src = re2.replace(/\[:(\w+):\]/g, (whole, name: string) => POSIX[name] ?? whole);
  let out = "";
  let flags = "";
  const stack: boolean[] = [];
  let ci = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i] as string;
    if (c === "\\") {
      const next = src[i + 1] ?? "";
      if (next === "z") out += "$";
      else if (next === "A") out += "^";
      else if (ci && isLetter(next) && !/[wWsSdDbBnrtfvxupPkc]/.test(next)) out += `[${next}${swapCase(next)}]`;
      else out += c + next;
      i++;
      continue;
    }
    if (c === "[") {
      let j = i + 1;
      if (src[j] === "^") j++;
      if (src[j] === "]") j++;
      while (j < src.length && src[j] !== "]") j += src[j] === "\\" ? 2 : 1;
      const open = src[i + 1] === "^" ? "[^" : "[";
      const body = src.slice(i + open.length, j);
      out += open + (ci ? bothCases(body) : body) + "]";
      i = j;
      continue;
    }
    if (c === "(") {
      const flagSet = /^\(\?(-?)([ims]+)\)/.exec(src.slice(i));
      if (flagSet) {
        if (flagSet[2]!.includes("i")) ci = flagSet[1] !== "-";
        if (flagSet[2]!.includes("s")) flags += "s";
        i += flagSet[0].length - 1;
        continue;
      }
      const scoped = /^\(\?(-?)([ims]+):/.exec(src.slice(i));
      stack.push(ci);
      if (scoped) {
        if (scoped[2]!.includes("i")) ci = scoped[1] !== "-";
        if (scoped[2]!.includes("s")) flags += "s";
        out += "(?:";
        i += scoped[0].length - 1;
        continue;
      }
      if (src.startsWith("(?P<", i)) {
        out += "(?<";
        i += 3;
        continue;
      }
      out += c;
      continue;
    }
    if (c === ")") {
      ci = stack.pop() ?? false;
      out += c;
      continue;
    }
    out += ci && isLetter(c) ? `[${c}${swapCase(c)}]` : c;
  }
  try {
    new RegExp(out, flags + "gd");
    return { source: out, flags };
  } catch {
    return null;
  }
}

/** The string literals of one part of a Go function that are whole examples (not names, not concatenated). */
function goLiterals(part: string): string[] {
  const found: string[] = [];
  // Commented-out lines, and the comments after an example (one holds a stray backtick), are not examples.
  const code = withoutCalls(part.replace(/^\s*\/\/.*$/gm, "").replace(/([`"])\s*,\s*\/\/[^\n]*/g, "$1,"));
  const literal = /`([^`]*)`|"((?:[^"\\\n]|\\.)*)"/g;
  for (const m of code.matchAll(literal)) {
    const before = code.slice(0, m.index).trimEnd().at(-1);
    const after = code.slice(m.index + m[0].length).trimStart()[0];
    // A call's first argument (a name), a concatenation, a map key or a file name is not an example.
    if (before === "(" || before === "+" || after === "+" || after === ":" || before === "=") continue;
    if ((m[1] ?? m[2] ?? "").trim().length < 8) continue;
    try {
      found.push(m[1] ?? JSON.parse(`"${m[2]}"`));
    } catch {
      // A Go escape JSON does not know (\x.. or \a): leave that example out.
    }
  }
  return found;
}

/** Go code without its helper calls (utils.…(…), secrets.…(…), fmt.…(…)): their strings are not examples. */
function withoutCalls(code: string): string {
  let out = code;
  for (;;) {
    const at = out.search(/\b(?:utils|secrets|fmt|strings)\.\w+\(/);
    if (at < 0) return out;
    let depth = 0;
    let end = out.indexOf("(", at);
    for (; end < out.length; end++) {
      if (out[end] === "(") depth++;
      else if (out[end] === ")" && --depth === 0) break;
    }
    out = out.slice(0, at) + out.slice(end + 1);
  }
}

/** Each rule's literal true and false positives from gitleaks' Go rule definitions. */
function examples(rulesDir: string): Record<string, { tps: string[]; fps: string[] }> {
  const out: Record<string, { tps: string[]; fps: string[] }> = {};
  for (const file of fs.readdirSync(rulesDir).filter((f) => f.endsWith(".go"))) {
    const text = fs.readFileSync(path.join(rulesDir, file), "utf8");
    for (const fn of text.split(/^func /m).slice(1)) {
      const id = /RuleID:\s*"([^"]+)"/.exec(fn)?.[1];
      if (!id) continue;
      const tpsAt = fn.search(/\btps\s*:?=/);
      const fpsAt = fn.search(/\bfps\s*:?=/);
      const end = fn.search(/return utils\.Validate/);
      if (tpsAt < 0) continue;
      const tpsEnd = fpsAt > tpsAt ? fpsAt : end > 0 ? end : fn.length;
      out[id] = {
        tps: goLiterals(fn.slice(tpsAt, tpsEnd)),
        fps: fpsAt > 0 ? goLiterals(fn.slice(fpsAt, end > fpsAt ? end : fn.length)) : [],
      };
    }
  }
  return out;
}

function main() {
  const checkout = process.argv[2];
  if (!checkout) throw new Error("Usage: npx tsx scripts/port-gitleaks-rules.ts <gitleaks checkout>");
  const config = ConfigSchema.parse(parse(fs.readFileSync(path.join(checkout, "config/gitleaks.toml"), "utf8")));
  const skipped: string[] = [];
  const rules = [];
  for (const rule of config.rules) {
    // Rules for one kind of file (a key store's name, a YAML manifest, nuget.config) have nothing to find in a
    // sentence.
    if (!rule.regex || rule.path) {
      skipped.push(`${rule.id} (file type only)`);
      continue;
    }
    const pattern = toJsPattern(rule.regex);
    const allowlists = (rule.allowlists ?? [])
      .filter((a) => !a.paths && !a.path)
      .map((a) => ({
        target: a.regexTarget ?? "secret",
        regexes: (a.regexes ?? []).map(toJsPattern).filter((p) => p !== null),
        stopwords: a.stopwords ?? [],
        all: a.condition === "AND",
      }));
    if (!pattern) {
      skipped.push(`${rule.id} (regex)`);
      continue;
    }
    rules.push({
      id: rule.id,
      ...pattern,
      keywords: (rule.keywords ?? []).map((k) => k.toLowerCase()),
      ...(rule.entropy ? { entropy: rule.entropy } : {}),
      ...(rule.secretGroup ? { secretGroup: rule.secretGroup } : {}),
      ...(allowlists.length ? { allowlists } : {}),
    });
  }
  const global = {
    regexes: config.allowlist.regexes.map(toJsPattern).filter((p) => p !== null),
    stopwords: config.allowlist.stopwords,
  };
  const commit = execFileSync("git", ["-C", checkout, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  const data = { source: `gitleaks config/gitleaks.toml at ${commit} (MIT)`, skipped, allowlist: global, rules };
  const root = path.resolve(import.meta.dirname, "..");
  fs.writeFileSync(path.join(root, "lib/secrets/gitleaks-rules.json"), JSON.stringify(data, null, 1) + "\n");
  const fixture = examples(path.join(checkout, "cmd/generate/config/rules"));
  fs.writeFileSync(
    path.join(root, "lib/secrets/__fixtures__/gitleaks-examples.json"),
    JSON.stringify(fixture, null, 1) + "\n",
  );
  process.stdout.write(`${rules.length} rules ported, ${skipped.length} left out: ${skipped.join(", ")}\n`);
}

main();
