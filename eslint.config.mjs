import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

/**
 * Which part of the code may import which (README, "How the code is laid out"). Imports flow one
 * way: src/domain (what browser and server both hold true) -> src/api, src/shared -> src/features
 * -> src/app. The server shares only the domain core with the browser.
 */
const zones = [
  {
    target: './src/domain',
    from: ['./src/api', './src/app', './src/features', './src/shared', './src/main.tsx', './server'],
    message: 'The domain core imports nothing of the browser app or the server: both import it.',
  },
  {
    target: './server',
    from: './src',
    except: ['./domain'],
    message: 'The server shares only the domain core (src/domain) with the browser app.',
  },
  { target: './src', from: './server', message: 'Browser code never imports server code; what both need lives in src/domain.' },
  {
    target: ['./src/api', './src/shared', './src/features'],
    from: ['./src/app', './src/main.tsx'],
    message: 'app/ composes the features and never the reverse (a type from app/store may be imported with `import type`).',
  },
  {
    target: './src/api',
    from: './src/features',
    message: 'The bookings API and its sources sit below the screens: screens import the API, never the reverse.',
  },
  {
    target: './src/features/**/*',
    from: './src/features/*/*Page.tsx',
    message: "A feature never imports another feature's screen: only app/ puts screens on routes.",
  },
];

export default tseslint.config(
  {
    ignores: ['dist/', 'node_modules/', 'coverage/', 'test-results/', 'playwright-report/', 'screenshots/', '.cache/', 'data/', 'backups/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/main'], message: 'Nothing imports the entry point.' }] }],
      'import-x/no-restricted-paths': ['error', { zones }],
    },
  },
  {
    // Below app/, a type of the store it composes may be named (RootState, AppDispatch), never its code.
    files: ['src/api/**/*.{ts,tsx}', 'src/shared/**/*.{ts,tsx}', 'src/features/**/*.{ts,tsx}', 'src/domain/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: zones.filter((zone) => !(zone.from.includes?.('./src/app') && zone.target.includes?.('./src/features'))) },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/*', '**/app'],
              allowTypeImports: true,
              message: 'app/ composes the features and never the reverse (a type from app/store may be imported with `import type`).',
            },
            {
              group: ['**/domain/wire', '**/domain/*Wire'],
              allowTypeImports: true,
              message:
                'wire.ts and the *Wire.ts beside it build the TypeBox schemas: the browser takes only their types (`import type`); a value from them brings the schemas into the bundle.',
            },
          ],
        },
      ],
    },
  },
  {
    // The domain core runs in the browser and in Node: no React, no Fastify, no DOM or Node APIs.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'react/*', '@reduxjs/*', 'fastify', '@fastify/*', 'node:*', 'pg'],
              message: 'The domain core is plain TypeScript.',
            },
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
