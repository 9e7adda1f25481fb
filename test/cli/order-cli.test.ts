import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairSigner, getBase58Encoder, type Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDeskToken } from '../../core/api/desk/desk-token.js';
import { ORDER_KEYS_SERVICE } from '../../core/cli/order-connection.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { call, startApi, type ApiFixture } from '../api/api-fixture.js';
import { DeskMarket, ZEC } from '../desk/market.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { launchdeskArgs } from '../helpers/child-js.js';

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * `launchdesk order …` end to end: the CLI as a child process, the wallet's key in a real OS keychain (GNOME
 * Keyring on a private session bus), against the real server on 127.0.0.1 with the desk's wallets and local
 * orders. The CLI signs in with the wallet's keychain key and keeps the API key it gets in the keychain.
 */
describe('launchdesk order', () => {
  let keychain: KeychainSession;
  let f: ApiFixture;
  let token: string;
  let alice: Address;
  let bob: Address;
  let market: DeskMarket;
  let ticker: ReturnType<typeof setInterval>;
  const orderKeys = () => new OsKeychain(ORDER_KEYS_SERVICE);

  function cli(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<Run> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, launchdeskArgs(args), { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, LAUNCHDESK_API_KEY: '', LAUNCHDESK_DESK_TOKEN: '', ...env } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.stdin.end();
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`launchdesk ${args.join(' ')} did not finish: ${stderr}`));
      }, 45_000);
      child.once('exit', (status) => {
        clearTimeout(timer);
        resolve({ status, stdout, stderr });
      });
    });
  }
  const on = (...args: string[]) => ['order', ...args, '--data', f.dir, '--api', f.base];
  const json = <T = Record<string, unknown>>(run: Run): T => {
    expect(run.status, `${run.stderr}\n${run.stdout}`).toBe(0);
    return JSON.parse(run.stdout) as T;
  };
  const asDesk = (path: string, method = 'GET') => call(f, method, path, { headers: { 'x-desk-token': token } });
  const stateOf = async (id: string) => ((await asDesk(`/local/orders/${id}`)).body as { state: string }).state;
  /** The order's state once `done` holds for it (the runner fills in the background), or after 30 s. */
  async function settled(id: string, done: (state: string) => boolean): Promise<string> {
    const until = Date.now() + 30_000;
    for (;;) {
      const state = await stateOf(id);
      if (done(state) || Date.now() > until) return state;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const liveKeys = async (wallet: Address) => (await f.keys.keysOf(wallet)).filter((k) => k.revokedAt === null);

  beforeAll(async () => {
    keychain = await startKeychainSession();
    token = newDeskToken();
    f = await startApi({ desk: { keychain: new OsKeychain(), token }, orders: { tickMs: 50, backoffMs: 50 } });
    // The desk's own wallets (the server's book): the CLI reads the same DIR/wallets.json and keychain.
    alice = (await f.wallets!.create('alice')).address;
    bob = (await f.wallets!.create('bob')).address;
    market = await DeskMarket.open(f);
    // The relay confirms what it sends: the sandbox's slots pass while the test runs.
    ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
  }, 60_000);
  afterAll(async () => {
    clearInterval(ticker);
    await f?.close();
    keychain?.stop();
  });

  let placed: { id: string };

  it('adds a limit buy, signing in with the wallet\'s keychain key once; the kept key serves the next calls', async () => {
    const run = await cli(on('add', '--wallet', 'alice', '--mint', f.mint, '--kind', 'limit-buy', '--price', '0.000000001', '--amount', '1.5', '--slippage-bps', '150', '--json'));
    const order = json<{ id: string; wallet: string; kind: string; price: string; amount: string; slippageBps: number; state: string }>(run);
    expect(order).toMatchObject({ wallet: alice, mint: f.mint, kind: 'limit_buy', price: '0.000000001', amount: '150000000', slippageBps: 150, state: 'open' });
    placed = order;
    // Exactly the server's answer.
    expect(order).toEqual((await asDesk(`/local/orders/${order.id}`)).body);
    expect(await liveKeys(alice)).toHaveLength(1);
    expect(await orderKeys().read(`${f.base} ${alice}`)).toMatch(/\S{20,}/);

    const again = await cli(on('list', '--wallet', 'alice', '--json'));
    expect(json<{ data: { id: string }[] }>(again).data.map((o) => o.id)).toEqual([order.id]);
    expect(await liveKeys(alice)).toHaveLength(1);
  }, 120_000);

  it('lists as JSON (the server\'s answer exactly) and as a table', async () => {
    // Reads change nothing: the two run side by side.
    const [asJson, table] = await Promise.all([cli(on('list', '--wallet', 'alice', '--json')), cli(on('list', '--wallet', 'alice'))]);
    const listed = json<{ data: unknown[] }>(asJson);
    expect(listed).toEqual((await asDesk(`/local/orders?wallet=${alice}`)).body);
    expect(table.status, table.stderr).toBe(0);
    const [head, row, extra] = table.stdout.trimEnd().split('\n');
    expect(head).toMatch(/^ID +KIND +STATE +TRIGGER +EACH FILL +FILLS +WALLET +COIN +PLACED$/);
    expect(row).toMatch(new RegExp(`^${placed.id} +limit_buy +open +at or below 0\\.000000001 ZEC +1\\.5 ZEC +0 +${alice.slice(0, 4)}…${alice.slice(-4)} `));
    expect(extra).toBeUndefined();
  }, 120_000);

  it('shows the order with its journal, then cancels it', async () => {
    const [asJson, human] = await Promise.all([cli(on('show', placed.id, '--wallet', 'alice', '--json')), cli(on('show', placed.id, '--wallet', 'alice'))]);
    const shown = json<{ id: string; journal: { step: string; line: string }[] }>(asJson);
    expect(shown).toEqual((await asDesk(`/local/orders/${placed.id}`)).body);
    expect(shown.journal.length).toBeGreaterThan(0);
    expect(human.status, human.stderr).toBe(0);
    expect(human.stdout).toMatch(new RegExp(`^order ${placed.id} {2}limit_buy {2}open`));
    expect(human.stdout).toContain('  trigger       at or below 0.000000001 ZEC');
    expect(human.stdout).toContain('  each fill     1.5 ZEC');
    expect(human.stdout).toMatch(/\njournal:\n {2}\S+ {2}\S+ +\S/);

    const cancelled = json<{ id: string; state: string }>(await cli(on('cancel', placed.id, '--wallet', 'alice', '--json')));
    expect(cancelled).toMatchObject({ id: placed.id, state: 'cancelled' });
    // Cancelling twice: the server's refusal in its words, exit status 1 (it changes nothing: beside the list).
    const [activeRun, twice] = await Promise.all([cli(on('list', '--wallet', 'alice', '--state', 'active', '--json')), cli(on('cancel', placed.id, '--wallet', 'alice'))]);
    const active = json<{ data: unknown[] }>(activeRun);
    expect(active.data).toEqual([]);
    expect(twice.status).toBe(1);
    expect(twice.stderr).toBe(`launchdesk: order ${placed.id} is cancelled already: only an open or paused order can be cancelled\n`);
  }, 120_000);

  it('signs in again once when the kept key is revoked, and never piles up keys', async () => {
    const [kept] = await liveKeys(alice);
    await f.keys.revoke(kept!.id, f.clock);
    const run = await cli(on('list', '--wallet', 'alice', '--json'));
    expect(run.status, run.stderr).toBe(0);
    expect(await liveKeys(alice)).toHaveLength(1);
    expect((await liveKeys(alice))[0]!.id).not.toBe(kept!.id);
  }, 120_000);

  it('takes the desk token from the environment: every wallet\'s orders, and an order for any wallet of the desk', async () => {
    const env = { LAUNCHDESK_DESK_TOKEN: token };
    const [forBobRun, stop] = await Promise.all([
      cli(on('add', '--wallet', bob, '--mint', f.mint, '--kind', 'take-profit', '--price', '1000', '--percent', '50', '--json'), env),
      cli(on('add', '--wallet', 'bob', '--mint', f.mint, '--kind', 'stop-loss', '--price', '0.000000001', '--percent', '50', '--expires', '2099-01-01T00:00:00Z'), env),
    ]);
    const forBob = json<{ id: string; wallet: string; percent: number }>(forBobRun);
    expect(forBob).toMatchObject({ wallet: bob, kind: 'take_profit', price: '1000', percent: 50 });
    expect(stop.status, stop.stderr).toBe(0);
    expect(stop.stdout).toMatch(new RegExp(`^placed order o_[0-9a-f]{24} \\(stop_loss\\) for ${f.mint.slice(0, 4)}…${f.mint.slice(-4)}: at or below 0\\.000000001 ZEC, each fill 50% of the position; wallet ${bob}\n$`));
    // No sign-in was needed for bob.
    expect(await liveKeys(bob)).toHaveLength(0);
    // Alice's key sees alice's orders only (a read, beside the desk's list).
    const [allRun, aliceView] = await Promise.all([cli(on('list', '--json'), env), cli(on('show', forBob.id, '--wallet', 'alice'))]);
    const all = json<{ data: { wallet: string }[] }>(allRun);
    expect(new Set(all.data.map((o) => o.wallet))).toEqual(new Set([alice, bob]));
    expect(aliceView.status).toBe(1);
    expect(aliceView.stderr).toContain(`may place, see and cancel only that wallet's orders, not ${bob}'s (asked as wallet ${alice}: if the order is another wallet's, name it with --wallet or --key-file)`);
  }, 120_000);

  it('resumes an order that paused because its fill could not be made, and refuses to resume one that is not paused', async () => {
    const env = { LAUNCHDESK_DESK_TOKEN: token };
    // Bob holds none of the coin: the sale fires at the next trade, fails each attempt, and the order pauses.
    const sale = json<{ id: string }>(await cli(on('add', '--wallet', 'bob', '--mint', f.mint, '--kind', 'limit-sell', '--price', '0.000000001', '--percent', '100', '--json'), env));
    f.clock += 61_000;
    await market.buy({ mint: f.mint as Address }, ZEC);
    expect(await settled(sale.id, (s) => s === 'paused')).toBe('paused');
    const shown = await cli(on('show', sale.id), env);
    expect(shown.stdout).toMatch(new RegExp(`^order ${sale.id} {2}limit_sell {2}paused \\(paused after 3 failed attempts: `));
    expect(shown.stdout).toMatch(/\n {2}\S+ {2}pause +paused after 3/);
    // Resumed, it waits again; its price is already met by the last trade, so it fires at once, and pauses again.
    const resumed = await cli(on('resume', sale.id), env);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(new RegExp(`^resumed order ${sale.id} \\(limit_sell\\): (waits again, at or above 0\\.000000001 ZEC|filling now)`));
    const journal = ((await asDesk(`/local/orders/${sale.id}`)).body as { journal: { step: string }[] }).journal.map((l) => l.step);
    expect(journal.slice(journal.indexOf('pause'))).toContain('resume');
    expect(await settled(sale.id, (s) => s !== 'filling')).toMatch(/^(open|paused)$/);
    const plain = await cli(on('cancel', sale.id), env);
    expect(plain.stdout).toMatch(new RegExp(`^cancelled order ${sale.id} \\(limit_sell\\): it fires no more; \\d+ fill\\(s\\) began before, \`launchdesk order show ${sale.id}\` shows them\n$`));
    const again = await cli(on('resume', sale.id), env);
    expect(again.status).toBe(1);
    expect(again.stderr).toBe(`launchdesk: order ${sale.id} is cancelled: only a paused order can be resumed\n`);
  }, 120_000);

  it('refuses a bad price before asking anyone, and an unknown wallet in words, each with its exit status', async () => {
    // Every call here is refused and changes nothing: they run side by side.
    const stranger = (await generateKeyPairSigner()).address;
    const [badPrice, notTaken, unknownLabel, refused, wrongKey, down] = await Promise.all([
      cli(on('add', '--wallet', 'alice', '--mint', f.mint, '--kind', 'limit-sell', '--price', '1.2.3', '--percent', '100', '--json')),
      cli(on('add', '--wallet', 'alice', '--mint', f.mint, '--kind', 'limit-sell', '--price', '1', '--amount', '1')),
      cli(on('list', '--wallet', 'carol')),
      cli(on('add', '--wallet', stranger, '--mint', f.mint, '--kind', 'limit-sell', '--price', '1', '--percent', '100', '--json'), { LAUNCHDESK_DESK_TOKEN: token }),
      cli(on('list', '--json'), { LAUNCHDESK_API_KEY: 'ld_notakey' }),
      cli(['order', 'list', '--data', f.dir, '--api', 'http://127.0.0.1:9', '--json'], { LAUNCHDESK_DESK_TOKEN: token }),
    ]);
    expect(badPrice.status).toBe(1);
    expect(badPrice.stderr).toMatch(/^launchdesk: --price: "1\.2\.3" is not a price/);
    expect(JSON.parse(badPrice.stdout)).toMatchObject({ ok: false, exitCode: 1, error: { code: 'invalid_param' } });

    expect(notTaken.status).toBe(2);
    expect(notTaken.stderr).toMatch(/a limit-sell order does not take --amount/);

    expect(unknownLabel.status).toBe(1);
    expect(unknownLabel.stderr).toMatch(/no wallet "carol" in /);

    // An address this desk does not hold: the server's refusal, in its words.
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^launchdesk: no wallet \w+ in this desk's keychain/);
    expect(JSON.parse(refused.stdout)).toMatchObject({ ok: false, exitCode: 1 });
    expect((await asDesk(`/local/orders?wallet=${stranger}`)).body).toMatchObject({ data: [] });

    // A key that is no key of the wallet: refused with words, not signed in for.
    expect(wrongKey.status).toBe(1);
    expect(JSON.parse(wrongKey.stdout)).toMatchObject({ ok: false, error: { code: 'unauthorized' } });

    // Nothing listening: exit 3.
    expect(down.status).toBe(3);
  }, 120_000);

  it('with --key-file, signs in for the one command and revokes that key after, keeping nothing in the keychain', async () => {
    // Alice's key as a Solana CLI keypair file (what a bot would hold instead of a keychain entry).
    const secret = (await new OsKeychain().read(alice))!;
    const keyFile = join(f.dir, 'alice.json');
    writeFileSync(keyFile, JSON.stringify([...getBase58Encoder().encode(secret)]), { mode: 0o600 });
    const keysBefore = new Set((await f.keys.keysOf(alice)).map((k) => k.id));
    const kept = await orderKeys().read(`${f.base} ${alice}`);
    const listed = json<{ data: { wallet: string }[] }>(await cli(['order', 'list', '--key-file', keyFile, '--api', f.base, '--json']));
    expect(listed.data.length).toBeGreaterThan(0);
    expect(new Set(listed.data.map((o) => o.wallet))).toEqual(new Set([alice]));
    // One key was made for the command, and it is revoked; the kept keychain key is untouched.
    const made = (await f.keys.keysOf(alice)).filter((k) => !keysBefore.has(k.id));
    expect(made).toHaveLength(1);
    expect(made[0]!.revokedAt).not.toBeNull();
    expect(await orderKeys().read(`${f.base} ${alice}`)).toBe(kept);
    const both = await cli(['order', 'list', '--key-file', keyFile, '--wallet', 'alice', '--api', f.base, '--json']);
    expect(both.status).toBe(2);
    expect(JSON.parse(both.stdout)).toMatchObject({ ok: false, exitCode: 2, error: { code: 'usage', message: '--wallet and --key-file both name the wallet that signs: give one of them' } });
  }, 60_000);
});
