// Bundles the worker threads' entries for `next start`: the extraction thread (lib/extraction/thread/entry.ts)
// and the matcher thread (lib/matcher/thread/entry.ts). Next.js bundles the server but not a worker thread's own
// entry, which must be a file Node can load. The project's code is bundled (the `@/` paths resolved from
// tsconfig.json); packages stay in node_modules, loaded at run time. `npm run build` runs it after `next build`,
// which empties .next first, so the bundles match the build.
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, ".next", "sift");
const started = performance.now();
await build({
  absWorkingDir: root,
  entryPoints: [
    { in: "lib/extraction/thread/entry.ts", out: "extraction-thread" },
    { in: "lib/matcher/thread/entry.ts", out: "matcher-thread" },
  ],
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
const took = Math.round(performance.now() - started);
console.log(`Worker threads bundled in ${took} ms: ${path.relative(root, outdir)}/{extraction,matcher}-thread.mjs`);
