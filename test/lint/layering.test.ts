import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The layering rules of ARCHITECTURE.md are enforced by lint: each forbidden import is reported. */
describe('import layering check', () => {
  const eslint = new ESLint({ cwd: process.cwd() });

  async function messagesFor(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === '@typescript-eslint/no-restricted-imports' || m.ruleId === 'no-restricted-globals').map((m) => m.message);
  }

  it('keeps Node and Electron out of the renderer, and core/ to its browser-safe parts', async () => {
    expect(await messagesFor('renderer/desk.ts', "import { readFileSync } from 'node:fs';\nreadFileSync('x');\n")).toEqual([expect.stringMatching(/renderer\/ is browser code/)]);
    expect(await messagesFor('renderer/desk.ts', "import { ipcRenderer } from 'electron';\nipcRenderer.send('x');\n")).toHaveLength(1);
    expect(await messagesFor('renderer/desk.ts', "import { Sandbox } from '../core/sandbox/sandbox.js';\nSandbox.open({dataDir:null});\n")).toEqual([expect.stringMatching(/only math, programs, verify, types/)]);
    expect(await messagesFor('renderer/desk.ts', "import { parseDecimalUnits } from '../core/math/units.js';\nparseDecimalUnits('1', 8);\n")).toEqual([]);
    // The API's schema types come type-only (erased from the bundle); the schema modules themselves run Node code.
    expect(await messagesFor('renderer/api/types.ts', "import type { Coin } from '../../core/api/schemas/coin.js';\nexport type C = typeof Coin;\n")).toEqual([]);
    expect(await messagesFor('renderer/api/types.ts', "import { presentCoin } from '../../core/api/schemas/coin.js';\nexport const p = presentCoin;\n")).toEqual([expect.stringMatching(/only math, programs, verify, types, stocks \(not stocks\/node; .*only with `import type`/)]);
    expect(await messagesFor('renderer/desk.ts', 'export const home = process.env.HOME;\n')).toEqual([expect.stringMatching(/Node globals are not there/)]);
  });

  it('checks Svelte components by the same rules', async () => {
    const component = (script: string) => `<script lang="ts">\n${script}\n</script>\n<p>{x}</p>\n`;
    expect(await messagesFor('renderer/components/X.svelte', component("import { readFileSync } from 'node:fs';\nconst x = readFileSync('y');"))).toEqual([expect.stringMatching(/renderer\/ is browser code/)]);
    expect(await messagesFor('renderer/components/X.svelte', component("import { formatAge } from '../../core/math/age-display.js';\nconst x = formatAge(1);"))).toEqual([]);
  });

  it('keeps core/ free of electron/ and renderer/', async () => {
    expect(await messagesFor('core/api/server.ts', "import { app } from 'electron';\napp.quit();\n")).toHaveLength(1);
    expect(await messagesFor('core/api/server.ts', "import x from '../../renderer/desk.js';\nx();\n")).toHaveLength(1);
  });

  it('lets only core/chain and core/sandbox reach a cluster, and only the store layers talk SQL', async () => {
    expect(await messagesFor('core/engine/quote.ts', "import { createSolanaRpc } from '@solana/kit';\ncreateSolanaRpc('http://x');\n")).toEqual([expect.stringMatching(/Only core\/chain talks to a cluster/)]);
    expect(await messagesFor('core/engine/quote.ts', "import { LiteSVM } from 'litesvm';\nnew LiteSVM();\n")).toHaveLength(1);
    expect(await messagesFor('core/chain/rpc.ts', "import { createSolanaRpc } from '@solana/kit';\ncreateSolanaRpc('http://x');\n")).toEqual([]);
    expect(await messagesFor('core/api/coins.ts', "import Database from 'better-sqlite3';\nnew Database(':memory:');\n")).toEqual([expect.stringMatching(/Only the store layers \(core\/index\/store, core\/api\/store, core\/relay\/store, core\/runs\/store, core\/storage\) talk SQL/)]);
    expect(await messagesFor('core/index/store/coins.ts', "import Database from 'better-sqlite3';\nnew Database(':memory:');\n")).toEqual([]);
    expect(await messagesFor('core/api/store/keys.ts', "import Database from 'better-sqlite3';\nnew Database(':memory:');\n")).toEqual([]);
    expect(await messagesFor('core/relay/store/ledger.ts', "import Database from 'better-sqlite3';\nnew Database(':memory:');\n")).toEqual([]);
    expect(await messagesFor('core/relay/relay.ts', "import Database from 'better-sqlite3';\nnew Database(':memory:');\n")).toEqual([expect.stringMatching(/talk SQL/)]);
    expect(await messagesFor('core/relay/relay.ts', "import postgres from 'postgres';\npostgres('x');\n")).toEqual([expect.stringMatching(/talk SQL/)]);
    expect(await messagesFor('core/storage/postgres/pg.ts', "import postgres from 'postgres';\npostgres('x');\n")).toEqual([]);
  });

  it('keeps a route file from importing another route file or the server', async () => {
    expect(await messagesFor('core/api/routes/swap.ts', "import { registerTradeRoutes } from './trade.js';\nexport const r = registerTradeRoutes;\n")).toEqual([expect.stringMatching(/A route does not import another route/)]);
    expect(await messagesFor('core/api/routes/swap.ts', "import type { QuoteAnswer } from './trade.js';\nexport type Q = typeof QuoteAnswer;\n")).toEqual([expect.stringMatching(/A route does not import another route/)]);
    expect(await messagesFor('core/api/routes/swap.ts', "import type { Api } from '../server.js';\nexport type A = Api;\n")).toEqual([expect.stringMatching(/A route does not import the server/)]);
    expect(await messagesFor('core/api/routes/swap.ts', "import type { Api } from '../api-context.js';\nimport { amountOf } from '../route-kit/request-values.js';\nexport type A = Api;\nexport const a = amountOf;\n")).toEqual([]);
    expect(await messagesFor('core/api/routes/swap.ts', "import { app } from 'electron';\napp.quit();\n")).toHaveLength(1);
  });

  it('keeps core/math pure', async () => {
    expect(await messagesFor('core/math/curve.ts', "import { readFileSync } from 'node:fs';\nreadFileSync('x');\n")).toEqual([expect.stringMatching(/core\/math is pure/)]);
    expect(await messagesFor('core/math/curve.ts', "import { Sandbox } from '../sandbox/sandbox.js';\nSandbox.open({dataDir:null});\n")).toEqual([expect.stringMatching(/core\/math depends on nothing else/)]);
  });
});
