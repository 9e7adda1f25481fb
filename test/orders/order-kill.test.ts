import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDERS_FILE, OrderBook } from '../../core/api/store/order-book.js';
import { IndexStore } from '../../core/index/store/index-store.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { killableChild } from '../helpers/kill-child.js';
import { tempDir } from '../helpers/sandbox.js';

const CHILD = new URL('./order-child.ts', import.meta.url).pathname;
const ZEC = 100_000_000n;

const child = (args: string[], killAt: string | null = null) => killableChild(CHILD, args, killAt);

/**
 * A real kill -9 of the process running local orders, again and again at the three moments that matter: a
 * fill built but not signed, signed but not sent, and sent (landed on chain) but not yet journaled as landed.
 * Twenty limit buys are crossed by one market trade; after every restart the runner settles what the last
 * process left before anything fires again. In the end every order filled exactly once: the wallet's buys in
 * the index are exactly twenty, each the landing of one order's one landed fill, spending exactly 20 × 0.1
 * ZEC, and every fill that did not land says why in words.
 */
describe('local orders killed with SIGKILL around their fills', () => {
  const dir = tempDir('launchdesk-order-kill-');
  let session: KeychainSession;
  beforeAll(async () => {
    session = await startKeychainSession();
  });
  afterAll(() => {
    session?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fills each order at most once through eight kills, and the journal explains each fill', async () => {
    const service = `launchdesk-test-kill-${process.pid}`;
    const setup = await child(['setup', dir, service]);
    const { mint, wallet } = JSON.parse(setup.out.trim().split('\n').at(-1)!) as { mint: Address; wallet: Address };
    const kills = ['built:0', 'signed:1', 'sent:2', 'signed:0', 'sent:1', 'built:2', 'sent:0', 'signed:2'];
    const steps: string[] = [];
    for (const killAt of kills) {
      const run = await child(['run', dir, service], killAt);
      expect(run.killed, `killed at ${killAt}`).toBe(true);
      steps.push(...run.out.trim().split('\n'));
    }
    const last = await child(['run', dir, service]);
    expect(last.out.trim().split('\n').at(-1)).toBe('filled');

    const book = OrderBook.open(join(dir, ORDERS_FILE));
    const store = IndexStore.open(join(dir, 'index.sqlite'));
    try {
      const orders = book.all();
      expect(orders).toHaveLength(20);
      const landed: string[] = [];
      for (const order of orders) {
        expect(order.state).toBe('filled');
        const fills = book.fills(order.id);
        const ok = fills.filter((f) => f.state === 'landed');
        expect(ok, JSON.stringify(fills)).toHaveLength(1);
        landed.push(ok[0]!.signatures[0]!);
        // Every fill that did not land says why, and none is left unsettled.
        for (const f of fills.filter((x) => x.state !== 'landed')) {
          expect(f.state).toBe('failed');
          expect(f.detail).toMatch(/^not sent: (the desk stopped before it was signed|the desk stopped before the send)$/);
        }
        const journal = book.journal(order.id).map((l) => l.step);
        expect(journal[0]).toBe('place');
        expect(journal.at(-1)).toBe('filled');
      }
      expect(book.unsettled()).toEqual([]);
      // The chain's (the index's) side: exactly twenty buys by the wallet, each an order's landed fill, 0.1 ZEC each.
      const buys = (await store.queries.coinTrades(mint, { user: wallet, routed: false, limit: 100 })).rows;
      expect(buys.map((t) => t.side)).toEqual(Array(20).fill('buy'));
      expect(new Set(buys.map((t) => t.signature))).toEqual(new Set(landed));
      expect(buys.reduce((sum, t) => sum + t.zec, 0n)).toBe(20n * (ZEC / 10n));
      // Each kind of kill left its mark in a journal: found on chain after a restart, or not sent.
      const lines = orders.flatMap((o) => book.journal(o.id).map((l) => l.line));
      expect(lines.some((l) => /^fill \d+ landed \(found on chain\)/.test(l))).toBe(true);
      expect(lines.some((l) => l === 'fill 0 was not sent (the desk stopped before signing it)' || /^fill \d+ was not sent \(the desk stopped before signing it\)$/.test(l))).toBe(true);
      expect(lines.some((l) => /^fill \d+ not sent: the desk stopped before the send$/.test(l))).toBe(true);
    } finally {
      book.close();
      store.close();
    }
    expect(steps.filter((s) => s.startsWith('step sent:')).length).toBeGreaterThan(0);
  }, 600_000);
});
