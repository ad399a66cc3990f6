// Lint: type-checked TypeScript rules, React hooks, accessibility, and the wall between browser and
// server code (the build keeps it too: vite.server-wall.ts).
import comments from "@eslint-community/eslint-plugin-eslint-comments/configs";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig } from "eslint/config";
import { readFileSync } from "node:fs";
import tseslint from "typescript-eslint";

// Each table has one owning module, in its entity's folder (issue 54): elsewhere, code calls the owner's
// functions rather than importing the table from the schema. Every table of server/db/schema.ts is listed.
const TABLE_OWNERS = [
  { owner: "app/features/catalogue/products.server.ts", tables: ["products", "tags"] },
  { owner: "app/features/machines/store.server.ts", tables: ["machines", "machineCategories", "machineSteps"] },
  { owner: "app/features/gallery/store.server.ts", tables: ["galleryPhotos"] },
  {
    owner: "app/features/contact-requests/store.server.ts",
    tables: ["contactRequests", "contactRequestNotes", "contactRequestStageChanges"],
  },
  { owner: "app/features/contact-requests/confirmations.server.ts", tables: ["contactConfirmations"] },
  {
    owner: "app/features/proposals/store.server.ts",
    tables: ["proposals", "proposalItems", "erasedProposalLinks", "machineLayoutTemplates"],
  },
  {
    owner: "app/features/installations/store.server.ts",
    tables: ["installations", "installationEvents", "installationSwaps"],
  },
  { owner: "app/features/service/store.server.ts", tables: ["serviceTickets", "serviceTicketNotes", "productVotes"] },
  { owner: "app/features/monthly-report/store.server.ts", tables: ["monthlyReports"] },
  { owner: "app/features/redirects/store.server.ts", tables: ["redirects", "missedPaths"] },
  {
    owner: "app/features/statistics/store.server.ts",
    tables: ["statSecrets", "statEvents", "statVitals", "statDaily", "statDailyVitals"],
  },
  { owner: "app/features/site-texts/store.server.ts", tables: ["siteTexts", "siteTextVersions"] },
  { owner: "app/features/journal/store.server.ts", tables: ["activityLog"] },
  { owner: "server/outbox/messages.ts", tables: ["outboxMessages"] },
  { owner: "server/auth/users.ts", tables: ["adminUsers", "sessions", "staffPolicy"] },
  { owner: "server/auth/second-factor.ts", tables: ["staffTotp", "staffRecoveryCodes"] },
  { owner: "server/auth/passkeys.ts", tables: ["staffPasskeys", "spentPasskeyChallenges"] },
  { owner: "server/auth/invitations.ts", tables: ["staffInvitations"] },
  { owner: "server/auth/password-resets.ts", tables: ["passwordResets"] },
  { owner: "server/auth/throttle.ts", tables: ["loginAttempts"] },
  { owner: "server/pages/content-version.ts", tables: ["contentVersion"] },
];
// A table of the schema with no owner, or two, stops the lint.
const schemaTables = [
  ...readFileSync(new URL("server/db/schema.ts", import.meta.url), "utf8").matchAll(/export const (\w+) = pgTable\(/g),
].map((match) => match[1]);
const ownedTables = TABLE_OWNERS.flatMap(({ tables }) => tables);
const misowned = schemaTables.filter((table) => ownedTables.filter((owned) => owned === table).length !== 1);
if (misowned.length > 0) throw new Error(`TABLE_OWNERS: give each of these tables one owner: ${misowned.join(", ")}`);

/** The tables owned by another module than `file`, as no-restricted-imports options. */
const tablesOwnedElsewhere = (file) => [
  "error",
  {
    patterns: TABLE_OWNERS.filter(({ owner }) => owner !== file).map(({ owner, tables }) => ({
      regex: "(^|/)db/schema$",
      importNames: tables,
      message: `${owner} alone reads and writes ${tables.join(", ")}: call its functions.`,
    })),
  },
];

export default defineConfig(
  { ignores: ["build/", "data/", "node_modules/", ".react-router/", "public/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  comments.recommended,
  {
    // One program for the whole repository (tsconfig.json includes every file): the whole lint took
    // 33–42 s with it, 40–52 s with the project service, which looks up each file's project.
    languageOptions: { parserOptions: { project: "./tsconfig.json", tsconfigRootDir: import.meta.dirname } },
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
    // A component or function that fits on a few screens can be read whole; past that, split it by meaning.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.{ts,mjs}"],
    ignores: ["server/db/seed/**", "**/*.test.{ts,tsx}", "tests/**"],
    rules: {
      "max-lines-per-function": ["error", { max: 150, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  {
    // Playwright reads a test's fixtures from its first parameter's pattern, even an empty one.
    files: ["tests/e2e/**"],
    rules: { "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }] },
  },
  {
    // Browser code: whatever these files import may end up in the bundle (route modules too: React
    // Router removes their loaders and actions, not what the rest imports). Only *.server.ts modules,
    // which the build keeps out of the bundle, import server/; everything else imports only its types.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.server.{ts,tsx}", "**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/**", "**/server"],
              allowTypeImports: true,
              message: "Browser code imports only types from server/: put the call in the area's *.server.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // Shared rules run in the browser and on the server alike: no React, no Node APIs, nothing else of app/.
    files: ["app/rules/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(node:|react($|-|/)|~/(?!rules/)|\\.\\./)",
              allowTypeImports: true,
              message: "app/rules/ holds pure rules: no React, no Node APIs, no other part of app/.",
            },
          ],
        },
      ],
    },
  },
  {
    // Server infrastructure never depends on the app: of app/, it imports only the shared rules.
    files: ["server/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)app/(?!rules/)|^~/(?!rules/)",
              message: "server/ imports from app/ only app/rules/ (pure rules shared with the browser).",
            },
          ],
        },
      ],
    },
  },
  {
    // Tables have one owner each (TABLE_OWNERS). Besides the owners, only the database's own code, the
    // archive's export and import, the demo seed (server/db/seed), the media reference scan (every
    // media column of every table), scripts and tests use them directly. ESLint's own rule, not
    // typescript-eslint's: the wall's options above stay in force in the same files.
    files: ["**/*.{ts,tsx,mts,js,mjs}"],
    ignores: [
      ...TABLE_OWNERS.map(({ owner }) => owner),
      "server/db/**",
      "server/data-transfer/**",
      "server/media/references.ts",
      "scripts/**",
      "tests/**",
      "**/*.test.{ts,tsx}",
    ],
    rules: { "no-restricted-imports": tablesOwnedElsewhere(null) },
  },
  ...TABLE_OWNERS.map(({ owner }) => ({
    files: [owner],
    rules: { "no-restricted-imports": tablesOwnedElsewhere(owner) },
  })),
  {
    // The page pipeline renders the app: it also reads the app's stylesheets and its start program.
    files: ["server/pages/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)app/(?!rules/|app\\.css|fonts\\.css|lib/app-start/)|^~/(?!rules/)",
              message:
                "server/ imports from app/ only app/rules/, and the pipeline the app's stylesheets and start program.",
            },
          ],
        },
      ],
    },
  },
);
