import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['dist/', 'node_modules/', 'coverage/', 'test-results/', 'playwright-report/', 'screenshots/', '.cache/', 'data/', 'backups/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Features never import each other's screens; shared code lives in src/shared.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/main'], message: 'Nothing imports the entry point.' }] }],
    },
  },
  {
    // The browser bundle never carries server code (the server may read the catalogue and rules in src/).
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/main'], message: 'Nothing imports the entry point.' },
            { group: ['**/server/**', '**/server'], message: 'Browser code must not import server code.' },
          ],
        },
      ],
    },
  },
  {
    // Build and benchmark scripts run in Node and hand functions to the browser page.
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
