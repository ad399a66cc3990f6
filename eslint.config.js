// Lint: type-checked TypeScript rules, React hooks, accessibility, and the rule that keeps server code
// out of the browser bundle.
import comments from "@eslint-community/eslint-plugin-eslint-comments/configs";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

export default defineConfig(
  { ignores: ["build/", "data/", "node_modules/", ".react-router/", "public/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  comments.recommended,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A disable comment must say why: `// eslint-disable-line rule -- reason`.
      "@eslint-community/eslint-comments/require-description": "error",
      // Loaders and actions throw React Router's data() and Responses: that is the framework's API.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
            { from: "lib", name: "Response" },
          ],
        },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat["recommended-latest"]],
  },
  {
    files: ["app/**/*.tsx"],
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      "jsx-a11y/label-has-associated-control": ["error", { controlComponents: ["Checkbox"] }],
      // Our Input component sets the first field of a dialog the admin just opened.
      "jsx-a11y/no-autofocus": ["error", { ignoreNonDOM: true }],
    },
  },
  {
    // Playwright reads a test's fixtures from its first parameter's pattern, even an empty one.
    files: ["tests/e2e/**"],
    rules: { "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }] },
  },
  {
    // Browser code: whatever these folders import ends up in the bundle. Route modules may import the
    // server from loaders and actions (the build strips them); these may only import its types.
    files: ["app/components/**", "app/features/**", "app/lib/**"],
    ignores: ["**/*.server.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/**", "**/server"],
              allowTypeImports: true,
              message: "Browser code may import only types from server/ (name the file *.server.ts otherwise).",
            },
          ],
        },
      ],
    },
  },
);
