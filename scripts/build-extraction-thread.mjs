// Bundles the extraction thread's entry (lib/extraction/thread/entry.ts) for `next start`: Next.js bundles
// the server but not a worker thread's own entry, which must be a file Node can load. The project's code is
// bundled (the `@/` paths resolved from tsconfig.json); packages stay in node_modules, loaded at run time.
// `npm run build` runs it after `next build`, which empties .next first, so the bundle matches the build.
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outfile = path.join(root, ".next", "sift", "extraction-thread.mjs");
const started = performance.now();
await build({
  absWorkingDir: root,
  entryPoints: ["lib/extraction/thread/entry.ts"],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
console.log(
  `Extraction thread bundled in ${Math.round(performance.now() - started)} ms: ${path.relative(root, outfile)}`,
);
