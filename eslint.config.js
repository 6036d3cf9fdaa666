import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import laurel from './eslint-rules/noLateAwaitedPromise.js';
import { serverLayers } from './eslint-rules/serverLayers.js';

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'data', 'test-results', 'playwright-report', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      // type-aware rules (issue 27): every file is in tsconfig.json, whose one program they read. `project` rather
      // than the project service: the same program and findings for about 15 % less CPU (2026-11-29, the whole repo
      // under load: 205 and 207 CPU-s against 246 and 271)
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks, laurel },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': ['error', { ignoreRestArgs: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      'laurel/no-late-awaited-promise': 'error',
    },
  },
  {
    // React ignores what an event prop's handler returns; the pages' async handlers catch their own errors (a
    // mutation's onError, a try/catch around mutateAsync) or call react-router's navigate (void in our declarative
    // router). Promises passed as arguments, returned, spread or tested stay checked here too.
    files: ['src/**/*.tsx'],
    rules: { '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }] },
  },
  {
    // Playwright fixtures are not React hooks, and take an empty object when they need no other fixture.
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  {
    // Issue 13, one data layer: the web app's calls go through the typed apiRequest (src/dataProvider/apiRequest.ts),
    // whose path, body and answer types are generated from the server's route schemas; only it and httpClient.ts
    // use the untyped apiFetch, and only they (and the PDF poller, which takes its fetch as a dependency) call fetch.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/dataProvider/httpClient.ts', 'src/dataProvider/apiRequest.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/httpClient', '**/httpClient.ts'],
              importNames: ['apiFetch', 'apiFetchBlob'],
              message:
                'Call the API through apiRequest / apiRequestBlob / apiUpload (src/dataProvider/apiRequest.ts), typed from the generated contract.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/dataProvider/httpClient.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'HTTP calls belong to src/dataProvider/apiRequest.ts (apiRequest and friends).' },
        { name: 'XMLHttpRequest', message: 'HTTP calls belong to src/dataProvider/apiRequest.ts.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'HTTP calls belong to src/dataProvider/apiRequest.ts.' },
      ],
    },
  },
  {
    files: ['server/db/migrations/**', 'server/db/migrationHelpers.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...serverLayers,
);
