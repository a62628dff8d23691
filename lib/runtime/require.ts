import { createRequire } from "node:module";
import path from "node:path";

/**
 * A CommonJS `require` for optional packages loaded on demand. Inside a Next.js server bundle
 * `import.meta.url` names the bundled chunk, from which node_modules may not resolve, so the app's
 * working directory is the fallback.
 */
export function requireFromApp(id: string): unknown {
  return resolvingRequire(id)(id);
}

export function resolveFromApp(id: string): string {
  return resolvingRequire(id).resolve(id);
}

function resolvingRequire(id: string): NodeJS.Require {
  const candidates = [import.meta.url, path.join(/*turbopackIgnore: true*/ process.cwd(), "package.json")];
  let lastError: unknown;
  for (const base of candidates) {
    try {
      const req = createRequire(base);
      req.resolve(id);
      return req;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
