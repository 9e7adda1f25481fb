// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import { builtinModules } from 'node:module';

/**
 * Lint, and the layering rules of ARCHITECTURE.md as import restrictions (checked, not remembered):
 * - renderer/ is browser code: no Node or Electron API, and from core/ only the browser-safe parts
 *   (type-only imports from anywhere in core/ are erased from the bundle: the API's schema types come so).
 * - core/ never imports electron/ or renderer/, nor Electron itself.
 * - core/math is pure: no I/O of any kind.
 * - only core/chain and core/sandbox talk to a cluster (kit's RPC factories, LiteSVM, web sockets).
 * - only the store layers (core/index/store, core/api/store, core/relay/store, core/runs/store, core/storage) talk SQL.
 * - a route file (core/api/routes) imports no other route file, nor core/api/server.ts.
 */
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
// core/stocks is browser-safe except core/stocks/node (the server's wiring of its reader).
const BROWSER_SAFE_CORE = ['math', 'programs', 'verify', 'types', 'stocks'];
const BROWSER_SAFE_PATTERNS = ['math', 'programs', 'verify', 'types', 'stocks(?!/node)'];

const clusterClients = {
  paths: [
    { name: 'litesvm', message: 'Only core/sandbox runs the SVM; reach the chain through core/chain.' },
    { name: '@solana/kit', importNames: ['createSolanaRpc', 'createSolanaRpcSubscriptions', 'createSolanaRpcFromTransport'], message: 'Only core/chain talks to a cluster.' },
    { name: 'ws', message: 'Only core/chain and core/sandbox open sockets to a cluster.' },
  ],
};
const SQL_MESSAGE = 'Only the store layers (core/index/store, core/api/store, core/relay/store, core/runs/store, core/storage) talk SQL.';
const sqlClients = [{ name: 'better-sqlite3', message: SQL_MESSAGE }, { name: 'postgres', message: SQL_MESSAGE }];

export default tseslint.config(
  { ignores: ['dist/**', 'packages/*/dist/**', 'packages/*/resources/**', 'out/**', 'node_modules/**', 'resources/**', 'renderer/dist/**', 'test/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
  {
    languageOptions: { globals: { process: 'readonly', Buffer: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', setImmediate: 'readonly', performance: 'readonly', fetch: 'readonly', AbortController: 'readonly', NodeJS: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [...clusterClients.paths, ...sqlClients, { name: 'electron', message: 'core/ runs without Electron; only electron/ may import it.' }],
        patterns: [{ group: ['**/electron/**', '**/renderer/**'], message: 'core/ never imports electron/ or renderer/.' }],
      }],
    },
  },
  {
    files: ['core/chain/**/*.ts', 'core/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [...sqlClients, { name: 'electron', message: 'core/ runs without Electron.' }],
        patterns: [{ group: ['**/electron/**', '**/renderer/**'], message: 'core/ never imports electron/ or renderer/.' }],
      }],
    },
  },
  {
    // The push stream serves WebSockets, and the client library's stream subscription opens one to a /v1
    // server; neither opens one to a cluster (the `ws` rule is about clients of one).
    files: ['core/api/stream/**/*.ts', 'core/client/stream-subscription.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [...clusterClients.paths.filter((p) => p.name !== 'ws'), ...sqlClients, { name: 'electron', message: 'core/ runs without Electron.' }],
        patterns: [{ group: ['**/electron/**', '**/renderer/**'], message: 'core/ never imports electron/ or renderer/.' }],
      }],
    },
  },
  {
    // A route file registers routes and imports no other route, nor the server that registers it: what routes
    // share lives in core/api/route-kit, the context they are given in core/api/api-context.ts.
    files: ['core/api/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [...clusterClients.paths, ...sqlClients, { name: 'electron', message: 'core/ runs without Electron; only electron/ may import it.' }],
        patterns: [
          { group: ['**/electron/**', '**/renderer/**'], message: 'core/ never imports electron/ or renderer/.' },
          { regex: '^\\./|^\\.\\./routes/', message: 'A route does not import another route: what routes share goes in core/api/route-kit.' },
          { regex: '^\\.\\./server(\\.js)?$', message: 'A route does not import the server: Api and ApiContext come from core/api/api-context.ts.' },
        ],
      }],
    },
  },
  {
    files: ['core/index/store/**/*.ts', 'core/api/store/**/*.ts', 'core/relay/store/**/*.ts', 'core/runs/store/**/*.ts', 'core/storage/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [...clusterClients.paths, { name: 'electron', message: 'core/ runs without Electron.' }],
        patterns: [{ group: ['**/electron/**', '**/renderer/**'], message: 'core/ never imports electron/ or renderer/.' }],
      }],
    },
  },
  {
    files: ['core/math/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: nodeBuiltins.map((name) => ({ name, message: 'core/math is pure: no I/O.' })),
        patterns: [{ group: ['../*', '!../math/*'], message: 'core/math depends on nothing else in core.' }],
      }],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.svelte'],
    // Browser globals only: the Node ones the rest of the project may use are not there in a page.
    languageOptions: { globals: { ...globals.browser, process: 'off', Buffer: 'off', setImmediate: 'off', NodeJS: 'off' } },
    rules: {
      'no-restricted-globals': ['error', ...['process', 'Buffer', 'require', '__dirname', '__filename', 'global', 'setImmediate'].map((name) => ({ name, message: 'renderer/ is browser code: Node globals are not there.' }))],
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [...nodeBuiltins.map((name) => ({ name, message: 'renderer/ is browser code: no Node API.' })), { name: 'electron', message: 'renderer/ talks to the shell only through the preload bridge.' }],
        patterns: [
          { regex: `core/(?!(${BROWSER_SAFE_PATTERNS.join('|')})(/|$))`, allowTypeImports: true, message: `renderer/ may import from core/ only ${BROWSER_SAFE_CORE.join(', ')} (not stocks/node; browser-safe, needed for offline review); other modules' types only with \`import type\`.` },
          { group: ['**/electron/**'], message: 'renderer/ never imports electron/.' },
        ],
      }],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
