import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

// The walls of ARCHITECTURE.md, checked on every `npm run lint`. Each wall is a list of import patterns
// with the reason a reader sees when a file crosses it.
const wall = (message, ...group) => ({ group, message });

const TEST_DOUBLES = [
  wall("Test helpers are for tests only (shipped code would bundle them).", "@/tests/*", "**/tests/*"),
  wall("Test doubles are for tests only.", "ai/test", "vitest"),
];
const PRISMA = [
  wall(
    "Prisma and the database drivers are used in lib/db only: call a named query function from lib/db instead.",
    "@/lib/generated/*",
    "@prisma/*",
    "pg",
    "pglite-prisma-adapter",
    "@electric-sql/*",
  ),
];
const LIB_IS_FRAMEWORK_FREE = [
  wall("lib never imports app or components: move the shared piece into lib.", "@/app/*", "@/components/*"),
  wall("lib is framework-free: Next.js belongs in app/ (pass what lib needs as arguments).", "next", "next/*"),
];
const COMPONENTS_STAY_ON_THE_CLIENT_SIDE = [
  wall(
    "Components never touch the database or server-only code: a page passes data as props, a server action writes.",
    "@/lib/db/*",
    "@/lib/jobs/*",
    "@/lib/models",
    "@/lib/models/*",
    "@/lib/facts/decide",
    "@/lib/facts/undo",
    "@/lib/facts/edit",
    "@/lib/facts/manual",
    "@/lib/facts/archive",
    "@/lib/env",
    "@/lib/action",
    "@/lib/auth/*",
    "@/lib/api/route",
    "@/lib/api/facts",
    "@/lib/api/runs",
    "@/lib/api/candidates",
    "@/lib/mcp/*",
  ),
];
const EXTRACTOR_NEVER_WRITES = [
  wall(
    "The extractor never writes the database: it returns candidates and lib/jobs stores them.",
    "@/lib/db/*",
    "@/lib/jobs/*",
    "@/lib/facts/*",
  ),
];
const CHAIN_NEVER_CALLS_BACK_INTO_JOBS = [
  wall(
    "The chain runs down its stages and never climbs back: lib/jobs starts and claims runs and calls the chain.",
    "@/lib/jobs/*",
  ),
];
const PURE_STAGES_NEVER_TOUCH_THE_DATABASE = [
  wall(
    "The chain's pure stages (view, chunk, extract, ground, de-duplicate, gate) never touch the database or a " +
      "model: match and persist do, and the models come in built.",
    "@/lib/db/*",
    "@/lib/facts/*",
    "@/lib/models",
    "@/lib/models/*",
    "@/lib/env",
  ),
];
const APPLIER_NEVER_CALLS_A_MODEL = [
  wall(
    "The code that applies reviews never calls a model: everything it needs is stored on the candidate.",
    "ai",
    "@ai-sdk/*",
    "@/lib/models",
    "@/lib/models/*",
    "@/lib/extraction/llm/*",
    "@/lib/jobs/*",
  ),
];

const MODEL_DELEGATES =
  "candidate|fact|source|extractionRun|reviewer|setting|factProvenance|factRevision|factRelation|factBand|" +
  "factEmbedding|candidateEmbedding|factVectorBand";
const QUERY_METHODS =
  "findMany|findUnique|findUniqueOrThrow|findFirst|findFirstOrThrow|create|createMany|createManyAndReturn|" +
  "update|updateMany|upsert|delete|deleteMany|count|aggregate|groupBy";
/** A Prisma call needs no import when the client is passed in: catch the calls themselves. */
const PRISMA_CALLS = [
  {
    selector:
      `CallExpression[callee.property.name=/^(${QUERY_METHODS})$/]` +
      `[callee.object.property.name=/^(${MODEL_DELEGATES})$/]`,
    message: "Prisma is called in lib/db only: add or reuse a named query function there.",
  },
  {
    selector:
      "MemberExpression[property.name=/^\\$(transaction|queryRaw|executeRaw|queryRawUnsafe|executeRawUnsafe)$/]",
    message: "Transactions and raw SQL live in lib/db (withTransaction, named query functions).",
  },
];

const restrict = (files, patterns, { ignores = [], prismaCalls = true } = {}) => ({
  files,
  ignores: ["**/*.test.ts", "**/*.test.tsx", "lib/sources/__fixtures__/**", ...ignores],
  rules: {
    "no-restricted-imports": ["error", { patterns }],
    "no-restricted-syntax": prismaCalls ? ["error", ...PRISMA_CALLS] : "off",
  },
});

const config = [
  ...nextVitals,
  ...nextTs,
  // Layout is Prettier's (npm run format:check); ESLint keeps to code.
  prettier,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "lib/generated/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  {
    // Cycles are looked for in the project's own files; parsing node_modules would take a minute.
    settings: { "import/ignore": ["node_modules"] },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Import cycles make a newcomer read two files to understand one.
      "import/no-cycle": ["error", { ignoreExternal: true }],
      // Prettier wraps code at 120; strings, comments and template literals it cannot wrap are ours to keep short.
      "max-len": ["error", { code: 120, ignoreUrls: true }],
    },
  },
  // Later blocks win for the files they name, so each one lists every wall that applies to it.
  restrict(["app/**", "cli/**", "instrumentation.ts"], [...TEST_DOUBLES, ...PRISMA]),
  restrict(["components/**"], [...TEST_DOUBLES, ...PRISMA, ...COMPONENTS_STAY_ON_THE_CLIENT_SIDE]),
  restrict(["lib/**"], [...TEST_DOUBLES, ...PRISMA, ...LIB_IS_FRAMEWORK_FREE]),
  restrict(["lib/db/**"], [...TEST_DOUBLES, ...LIB_IS_FRAMEWORK_FREE], { prismaCalls: false }),
  restrict(["lib/extraction/**"], [...TEST_DOUBLES, ...PRISMA, ...LIB_IS_FRAMEWORK_FREE, ...EXTRACTOR_NEVER_WRITES]),
  restrict(["lib/facts/**"], [...TEST_DOUBLES, ...PRISMA, ...LIB_IS_FRAMEWORK_FREE, ...APPLIER_NEVER_CALLS_A_MODEL]),
  restrict(
    ["lib/chain/**"],
    [...TEST_DOUBLES, ...PRISMA, ...LIB_IS_FRAMEWORK_FREE, ...CHAIN_NEVER_CALLS_BACK_INTO_JOBS],
  ),
  restrict(
    ["lib/chain/{view,chunk,extract,ground,dedupe,gate,payload}.ts"],
    [
      ...TEST_DOUBLES,
      ...PRISMA,
      ...LIB_IS_FRAMEWORK_FREE,
      ...CHAIN_NEVER_CALLS_BACK_INTO_JOBS,
      ...PURE_STAGES_NEVER_TOUCH_THE_DATABASE,
    ],
  ),
  {
    // Shipped code logs through lib/log.ts (levels, run ids); a CLI writes its output to process.stdout/stderr.
    files: ["app/**", "lib/**", "cli/**", "components/**", "instrumentation.ts", "proxy.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-console": "error" },
  },
];

export default config;
