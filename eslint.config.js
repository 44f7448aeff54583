import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

// The layer order of the workspaces: a package may import only the ones below it.
//   contracts <- events <- infra <- projections <- audit <- command-api, query-api <- server
//     <- bench, load-tests
// The audit toolkit reads the read models and the log, and both APIs and the CLIs use it.
// The web app sits beside them and shares only the contracts.
// Tests and the test harness may reach the composition root (@bank/server) to start a real bank.
const layers = {
  events: [
    '@bank/infra',
    '@bank/projections',
    '@bank/audit',
    '@bank/command-api',
    '@bank/query-api',
    '@bank/server',
  ],
  'infra/src': [
    '@bank/projections',
    '@bank/audit',
    '@bank/command-api',
    '@bank/query-api',
    '@bank/server',
  ],
  projections: ['@bank/audit', '@bank/command-api', '@bank/query-api', '@bank/server'],
  audit: ['@bank/command-api', '@bank/query-api', '@bank/server'],
  'command-api': ['@bank/query-api', '@bank/server'],
  'query-api': ['@bank/command-api', '@bank/server'],
  server: ['@bank/bench', '@bank/load-tests'],
  'load-tests': ['@bank/bench'],
  contracts: [
    '@bank/events',
    '@bank/infra',
    '@bank/projections',
    '@bank/audit',
    '@bank/command-api',
    '@bank/query-api',
    '@bank/server',
  ],
  'frontend/src': [
    '@bank/events',
    '@bank/infra',
    '@bank/projections',
    '@bank/audit',
    '@bank/command-api',
    '@bank/query-api',
    '@bank/server',
  ],
};
const testFiles = [
  '**/*.spec.ts',
  '**/*.spec.tsx',
  '**/money-test-helpers.ts',
  '**/bill-pay-test-helpers.ts',
];
const layerRules = Object.entries(layers).map(([dir, above]) => ({
  files: [`${dir}/**/*.{ts,tsx}`],
  ignores: testFiles,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [...above, ...above.map((name) => `${name}/*`)],
            message: `${dir} may import only the packages below it in the layer order (docs/architecture.md).`,
          },
        ],
      },
    ],
  },
}));

// Frontend features do not import each other: the app wires them, shared code sits outside.
const features = readdirSync(new URL('./frontend/src/features', import.meta.url));

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.test-data/**', 'load-tests/k6/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // No import cycles, at run time or through types, within a workspace.
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'frontend/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
        createNodeResolver(),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...layerRules,
  {
    files: ['frontend/src/features/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: features.map((feature) => ({
            target: `./frontend/src/features/${feature}`,
            from: './frontend/src/features',
            except: [`./${feature}`],
            message: 'Features do not import each other; move shared code to components/ or lib/.',
          })),
        },
      ],
    },
  },
  {
    // Tests read JSON answers of many shapes.
    files: ['**/*.spec.ts', '**/*.spec.tsx', 'server/src/testing/**', 'server/src/simulation/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
