import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairSigner, lamports, type Address, type Signature } from '@solana/kit';
import { afterAll, describe, expect, it } from 'vitest';
import { Ledger, type LedgerEntry } from '../../core/sandbox/ledger.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { childJs } from '../helpers/child-js.js';
import { tempDir } from '../helpers/sandbox.js';
import { LEDGER_TEST_ADDRESSES, madeUpTransaction } from './ledger-records.js';

const dirs: string[] = [];
const dirOf = () => {
  const dir = tempDir('launchdesk-prune-');
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Everything the history answers about a ledger, for comparing two openings of it. */
function historyOf(ledger: Ledger, signatures: readonly Signature[]) {
  const plain = (e: LedgerEntry | undefined) => (e ? { signature: e.signature, slot: e.slot, err: e.err, blockTime: e.blockTime } : null);
  return {
    count: ledger.transactionCount,
    kept: ledger.keptCount,
    found: signatures.map((s) => plain(ledger.find(s))),
    records: signatures.map((s) => {
      const entry = ledger.find(s);
      return entry ? ledger.read(entry).meta.logMessages : null;
    }),
    byAddress: LEDGER_TEST_ADDRESSES.map((a) => ledger.forAddress(a, { limit: 1000 }).map(plain)),
    paged: ledger.forAddress(LEDGER_TEST_ADDRESSES[2]!, { before: signatures.at(-3)!, until: signatures.at(-60)!, limit: 5 }).map(plain),
  };
}

function filled(path: string, count: number): { ledger: Ledger; signatures: Signature[] } {
  const ledger = Ledger.open(path);
  const signatures: Signature[] = [];
  for (let n = 0; n < count; n++) {
    const { tx, keys } = madeUpTransaction(n);
    ledger.append(tx, keys);
    signatures.push(tx.signature);
  }
  return { ledger, signatures };
}

describe('the ledger index and pruning', () => {
  it('answers the same history after a restart, from its index file or rebuilt without it', () => {
    const path = join(dirOf(), 'ledger.jsonl');
    const { ledger, signatures } = filled(path, 300);
    const before = historyOf(ledger, signatures);
    expect(before.byAddress[0]).toHaveLength(100); // n % 6 === 0 or (n + 1) % 6 === 0
    expect(before.found[3]!.err).toEqual({ InstructionError: [0, { Custom: 3 }] });
    ledger.close();
    const reopened = Ledger.open(path);
    expect(historyOf(reopened, signatures)).toEqual(before);
    reopened.close();
    // Derived files lost, or cut short by a crash: rebuilt from the ledger.
    rmSync(`${path.slice(0, -'.jsonl'.length)}.index`);
    const rebuilt = Ledger.open(path);
    expect(historyOf(rebuilt, signatures)).toEqual(before);
    rebuilt.close();
    const index = `${path.slice(0, -'.jsonl'.length)}.index`;
    truncateSync(index, statSync(index).size - 1000);
    truncateSync(`${path.slice(0, -'.jsonl'.length)}.addresses`, 3);
    const repaired = Ledger.open(path);
    expect(historyOf(repaired, signatures)).toEqual(before);
    repaired.close();
  });

  it('answers one history across the rows read at open and those added after, as a ledger never closed', () => {
    // A restart reads its rows in bulk into one list for all addresses; later rows go to each address's tail.
    const made = Array.from({ length: 360 }, (_, n) => madeUpTransaction(n));
    const signatures = made.map(({ tx }) => tx.signature);
    const path = join(dirOf(), 'ledger.jsonl');
    const ledger = Ledger.open(path);
    for (const { tx, keys } of made.slice(0, 300)) ledger.append(tx, keys);
    ledger.close();
    const reopened = Ledger.open(path);
    for (const { tx, keys } of made.slice(300)) reopened.append(tx, keys);
    const never = { ledger: Ledger.open(join(dirOf(), 'ledger.jsonl')) };
    for (const { tx, keys } of made) never.ledger.append(tx, keys);
    const expected = historyOf(never.ledger, signatures);
    // The paged read spans both: newest first from the 357th, down to the 301st.
    expect(expected.paged.map((e) => e!.signature)).toEqual(never.ledger.forAddress(LEDGER_TEST_ADDRESSES[2]!, { before: signatures.at(-3)!, until: signatures.at(-60)!, limit: 5 }).map((e) => e.signature));
    expect(historyOf(reopened, signatures)).toEqual(expected);
    expect(reopened.forAddress(LEDGER_TEST_ADDRESSES[0]!, { before: signatures[330]!, limit: 20 }).map((e) => e.signature)).toEqual(never.ledger.forAddress(LEDGER_TEST_ADDRESSES[0]!, { before: signatures[330]!, limit: 20 }).map((e) => e.signature));
    reopened.close();
    never.ledger.close();
  });

  it('prunes to the last records, forgets the older ones, and keeps answering so after a restart', () => {
    const path = join(dirOf(), 'ledger.jsonl');
    const { ledger, signatures } = filled(path, 300);
    const bytesBefore = statSync(path).size;
    const end = ledger.byteLength;
    expect(ledger.prune(100, 1n << 40n)).toBe(200);
    expect(ledger.byteLength).toBe(end); // offsets are counted since the first record ever written
    expect(statSync(path).size).toBeLessThan(bytesBefore / 2);
    expect(readFileSync(path, 'utf8').split('\n', 1)[0]).toMatch(/^\{"ledger":2,"from":\d+,"count":200\}$/);
    const after = historyOf(ledger, signatures);
    expect(after.count).toBe(300);
    expect(after.kept).toBe(100);
    expect(after.found.slice(0, 200).every((f) => f === null)).toBe(true);
    expect(after.found.slice(200).every((f) => f !== null)).toBe(true);
    expect(after.byAddress.flat().every((e) => signatures.indexOf(e!.signature) >= 200)).toBe(true);
    expect(after.byAddress[0]).toHaveLength(after.byAddress[0]!.length);
    ledger.close();
    const reopened = Ledger.open(path);
    expect(historyOf(reopened, signatures)).toEqual(after);
    // More records after a pruning, then a restart.
    const { tx, keys } = madeUpTransaction(300);
    reopened.append(tx, keys);
    reopened.close();
    const again = Ledger.open(path);
    expect(again.transactionCount).toBe(301);
    expect(again.find(tx.signature)?.slot).toBe(tx.slot);
    // Never past a slot still inside the blockhash window: madeUpTransaction(200) is at slot 60.
    expect(again.prune(10, 60n)).toBe(0);
    expect(again.prune(10, 70n)).toBe(40);
    again.close();
  });

  it('leaves a usable ledger when killed (kill -9) in the middle of appending and pruning', { timeout: 120_000 }, async () => {
    const path = join(dirOf(), 'ledger.jsonl');
    let last: { count: number; signature: Signature } | null = null;
    for (let kill = 0; kill < 6; kill++) {
      const out = await new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [childJs('test/sandbox/ledger-prune-child.ts'), path, '120'], { stdio: ['ignore', 'pipe', 'pipe'] });
        let text = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
        const lines = () => text.split('\n').filter((l) => l.startsWith('kept ')).length;
        // Killed at a different moment each time, once it has pruned at least a few times.
        const wait = 3 + kill * 2;
        const timer = setInterval(() => {
          if (lines() >= wait) {
            clearInterval(timer);
            setTimeout(() => child.kill('SIGKILL'), kill * 3);
          }
        }, 1);
        child.on('exit', (_code, signal) => {
          clearInterval(timer);
          if (signal === 'SIGKILL') resolve(text);
          else reject(new Error(`the child ended by itself: ${err}`));
        });
      });
      const reported = out.split('\n').filter((l) => l.startsWith('kept ')).map((l) => l.split(' '));
      const newest = reported.at(-1)!;
      last = { count: Number(newest[1]), signature: newest[2] as Signature };
      const ledger = Ledger.open(path);
      expect(ledger.transactionCount).toBeGreaterThanOrEqual(last.count);
      expect(ledger.find(last.signature)?.signature).toBe(last.signature);
      // Every kept record reads back whole, and every address lists only kept records, newest first.
      for (const address of LEDGER_TEST_ADDRESSES) {
        const listed = ledger.forAddress(address, { limit: 1000 });
        const offsets = listed.map((e) => e.offset);
        expect(offsets).toEqual([...offsets].sort((a, b) => b - a));
        for (const entry of listed) expect(ledger.read(entry).signature).toBe(entry.signature);
      }
      ledger.close();
      expect(existsSync(`${path}.next`)).toBe(false);
    }
  });
});

describe('a sandbox keeping the last transactions', () => {
  it('prunes after a snapshot, answers as a validator for what it forgot, and restarts with the same state and history', { timeout: 120_000 }, async () => {
    const dataDir = dirOf();
    const sandbox = await Sandbox.open({ dataDir, slotMs: 0, keepTransactions: 40 });
    const wallets: Address[] = [];
    for (let i = 0; i < 3; i++) wallets.push((await generateKeyPairSigner()).address);
    const sent: Signature[] = [];
    for (let i = 0; i < 120; i++) {
      sent.push(await sandbox.faucet.sol(wallets[i % 3]!, lamports(1_000_000_000n + BigInt(i))));
      if (i % 10 === 9) sandbox.cluster.advanceSlots(1);
    }
    const { cluster } = sandbox;
    const count = cluster.transactionCount;
    const listedBefore = wallets.map((w) => cluster.signaturesForAddress(w).map((e) => e.signature));
    // Nothing whose blockhash is still valid is forgotten: only once they are old does the pruning cut.
    cluster.snapshot();
    expect(cluster.getTransaction(sent[0]!)).not.toBeNull();
    cluster.advanceSlots(300);
    cluster.snapshot();
    expect(cluster.transactionCount).toBe(count);
    expect(cluster.getTransaction(sent[0]!)).toBeNull();
    expect(cluster.signatureStatus(sent[0]!)).toBeNull();
    expect(cluster.getTransaction(sent.at(-1)!)?.signature).toBe(sent.at(-1));
    expect(cluster.firstAvailableSlot).toBeGreaterThan(0n);
    const listedAfter = wallets.map((w) => cluster.signaturesForAddress(w).map((e) => e.signature));
    // What is still listed is the newest part of what was, in the same order.
    for (const [i, list] of listedAfter.entries()) {
      expect(list.length).toBeGreaterThan(0);
      expect(list.length).toBeLessThan(listedBefore[i]!.length);
      expect(listedBefore[i]!.slice(0, list.length)).toEqual(list);
    }
    const balances = wallets.map((w) => cluster.getAccount(w)?.lamports);
    sandbox.close();
    const reopened = await Sandbox.open({ dataDir, slotMs: 0, keepTransactions: 40 });
    expect(reopened.cluster.transactionCount).toBe(count);
    expect(wallets.map((w) => reopened.cluster.getAccount(w)?.lamports)).toEqual(balances);
    expect(wallets.map((w) => reopened.cluster.signaturesForAddress(w).map((e) => e.signature))).toEqual(listedAfter);
    expect(reopened.cluster.getTransaction(sent[0]!)).toBeNull();
    expect(reopened.cluster.getTransaction(sent.at(-1)!)?.meta.err).toBeNull();
    // It goes on as before: a new transfer lands and is listed first.
    const next = await reopened.faucet.sol(wallets[0]!, lamports(5n));
    expect(reopened.cluster.signaturesForAddress(wallets[0]!)[0]?.signature).toBe(next);
    reopened.close();
  });
});
