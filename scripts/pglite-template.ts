/**
 * Builds the migrated PGlite template a new data directory starts from (lib/db/pglite-template.ts), so
 * the first start on a new directory copies it instead of running initdb and every migration. Part of
 * `npm run build`; a no-op when the template for this PGlite version and these migrations exists.
 *   node node_modules/tsx/dist/cli.mjs --conditions=react-server scripts/pglite-template.ts
 */
import { buildPgliteTemplate } from "@/lib/db/build-template";

const started = performance.now();
const template = await buildPgliteTemplate();
console.log(`PGlite template ready in ${Math.round(performance.now() - started)} ms: ${template}`);
