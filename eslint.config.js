import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".wrangler/", ".cache/", "db/migrations/", "test-results/", "playwright-report/", "worker-configuration.d.ts", ".scratch/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-explicit-any": "error",
      "no-empty": ["error", { allowEmptyCatch: true }],
      "@typescript-eslint/no-unused-expressions": ["error", { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    // D1 binds at most 100 parameters a statement: lists are bound as one JSON parameter by db/d1-params.ts
    // (inList / notInList / valuesList), never one parameter per value (docs/decisions/0016-d1-limits.md).
    files: ["**/*.{ts,tsx}"],
    ignores: ["db/d1-params.ts"],
    rules: {
      "no-restricted-imports": ["error", {
        paths: [{ name: "drizzle-orm", importNames: ["inArray", "notInArray"], message: "Use inList / notInList from db/d1-params.ts: D1 binds at most 100 parameters a statement." }],
      }],
    },
  },
  {
    // React's rules only where React lives: elsewhere a function named use…() is no hook.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    // Tests read loosely typed JSON answers; `any` there is a convenience, not a hole in the product.
    files: ["tests/**", "**/*.test.ts", "bench/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // The unit project shares one module graph between files (vitest.config.ts, isolate: false): a module mock or a
    // stubbed global would leak into whichever file runs next in that worker.
    files: ["{core,db,app,workers,services,durable-objects}/**/*.test.ts"],
    rules: {
      "no-restricted-properties": ["error",
        ...["mock", "doMock", "stubGlobal", "stubEnv"].map((property) => ({ object: "vi", property, message: "unit test files share modules (isolate: false): put a test that needs this in a project of its own" })),
      ],
    },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
