import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANSWERS_FILE, answersText, MATCH_FILE, matchText } from '../../packages/client/codegen/write-api-answers.js';

/**
 * The client's named interfaces of /v1 are generated from the server's schemas: the files in the
 * repository are what the writer writes now (run `npm run api-answers` after changing a schema). That
 * each interface and its schema's Static type agree both ways is checked by `npm run typecheck` in
 * ./api-answers-match.ts.
 */
describe('the generated answer interfaces', () => {
  it('are current', () => {
    expect(readFileSync(ANSWERS_FILE, 'utf8')).toBe(answersText());
    expect(readFileSync(MATCH_FILE, 'utf8')).toBe(matchText());
  });

  it('are plain interfaces that import nothing', () => {
    const text = readFileSync(ANSWERS_FILE, 'utf8');
    expect(text).not.toMatch(/^import /m);
    expect(text).not.toMatch(/Static</);
    for (const name of ['Coin', 'CoinDetail', 'Trade', 'Quote', 'BuildAnswer', 'Candle', 'Holders', 'WalletBalances', 'Params']) expect(text).toContain(`export interface ${name} `);
    expect(text).toContain('export interface CoinDetail extends Coin {');
  });
});
