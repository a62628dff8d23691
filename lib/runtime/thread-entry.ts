import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { resolveFromApp } from "@/lib/runtime/require";

/** `file` (tests) is the entry itself, over the bundle and the source. */
export interface ThreadEntry {
  file?: string;
}

/**
 * A worker thread's entry for this process: `file` when given, else the bundle `npm run build` wrote
 * (scripts/build-threads.mjs) under `next start`, else the TypeScript source through tsx's loader (a data: URL
 * module that registers tsx, then imports the entry); null when neither exists. Next.js bundles the server but
 * not a worker's own entry, which must be a file Node can load.
 */
export function threadEntryUrl({
  bundled,
  source,
  file,
}: ThreadEntry & { bundled: string; source: string }): URL | null {
  if (file) return pathToFileURL(path.resolve(file));
  const root = process.cwd();
  const bundledPath = path.join(/*turbopackIgnore: true*/ root, bundled);
  const hasBundle = fs.existsSync(/*turbopackIgnore: true*/ bundledPath);
  if (process.env.NODE_ENV === "production" && hasBundle) return pathToFileURL(bundledPath);
  const sourcePath = path.join(/*turbopackIgnore: true*/ root, source);
  let tsx: string | null = null;
  try {
    // require.resolve finds the CommonJS build; its ES module sibling is the one to import.
    tsx = resolveFromApp("tsx/esm/api").replace(/\.cjs$/, ".mjs");
  } catch {
    // tsx is a development dependency: a production install may not have it.
  }
  if (!tsx || !fs.existsSync(/*turbopackIgnore: true*/ sourcePath))
    return hasBundle ? pathToFileURL(bundledPath) : null;
  const code =
    `const { register } = await import(${JSON.stringify(pathToFileURL(tsx).href)}); register();\n` +
    `await import(${JSON.stringify(pathToFileURL(sourcePath).href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}
