import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

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
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Test doubles live in tests/; shipped code importing them would bundle mocks into the app.
    files: ["app/**", "components/**", "lib/**", "cli/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "lib/sources/__fixtures__/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@/tests/*", "**/tests/*"], message: "Test helpers are for tests only." },
            { group: ["ai/test", "vitest"], message: "Test doubles are for tests only." },
          ],
        },
      ],
    },
  },
];

export default config;
