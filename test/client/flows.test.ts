import { Keypair } from '@solana/web3.js';
import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLaunchdeskError, Launchdesk, pinsOfProfile, V1Client, type FlowProgress, type LaunchdeskOptions } from '../../core/client/index.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { findPayeeRecord } from '../../core/programs/vault/pdas.js';
import { splitFeesInstruction } from '../../core/programs/vault/split-fees.js';
import type { ZecUnits } from '../../core/math/units.js';
import { lamports } from '@solana/kit';
import { startRpcFacade, type RpcFacade } from '../../core/sandbox/rpc/server.js';
import { startApi, type ApiFixture } from '../api/api-fixture.js';
import { fundedWallet, programsOf, send, tokenBalance } from '../helpers/launchpad.js';
import { vaultConfigOf, vaultOf } from '../helpers/vault.js';
import { gradientPng } from '../desk/market.js';

const ZEC = 100_000_000n;

/**
 * The whole flows of launchdesk/client against the real server, the sandbox through its JSON-RPC facade,
 * and both kinds of signer bot authors use: a @solana/kit KeyPairSigner and a @solana/web3.js v1 Keypair;
 * sent through the relay and through the caller's own RPC.
 */
describe('launchdesk/client flows', () => {
  let f: ApiFixture;
  let facade: RpcFacade;
  let ticker: ReturnType<typeof setInterval>;
  let kitWallet: KeyPairSigner;
  const steps: FlowProgress['step'][] = [];

  const desk = (options: Partial<LaunchdeskOptions> = {}) =>
    new Launchdesk({
      baseUrl: f.base,
      rpc: facade.rpcUrl,
      pins: pinsOfProfile(f.sandbox.profile),
      // The fixture's server keeps time on its own clock: each call moves it past the rate-limit windows.
      fetch: (input, init) => ((f.clock += 3_600_000), fetch(input, init)),
      onProgress: (p) => steps.push(p.step),
      ...options,
    });
  const zecOf = (owner: Address) => tokenBalance(f.sandbox, owner, f.sandbox.profile.mints.zec.address, f.sandbox.profile.mints.zec.tokenProgram);
  const coinsOf = (owner: Address, mint: string) => tokenBalance(f.sandbox, owner, mint as Address, TOKEN_2022_PROGRAM);

  beforeAll(async () => {
    f = await startApi({ content: {} });
    facade = await startRpcFacade(f.sandbox, { port: 0 });
    // A live cluster's slots: the relay and the caller's RPC wait for confirmation, the index for commitment.
    ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
    kitWallet = await fundedWallet(f.sandbox, 200n * ZEC);
  }, 60_000);
  afterAll(async () => {
    clearInterval(ticker);
    await facade.close();
    await f.close();
  });

  it('buys through the relay and sells all through its own RPC with a kit signer, each read back from the index', async () => {
    const client = desk();
    steps.length = 0;
    const bought = await client.trade({ mint: f.mint, side: 'buy', amount: String(2n * ZEC) }, kitWallet);
    expect(bought.trade?.side).toBe('buy');
    expect(bought.trade?.user).toBe(kitWallet.address);
    expect(bought.registration?.registered).toBe(true);
    expect(steps).toEqual(['quote', 'build', 'verify', 'sign', 'send', 'landed', 'register', 'done']);
    const held = await coinsOf(kitWallet.address, f.mint);
    expect(BigInt(bought.trade!.tokens)).toBe(held);
    await client.close();

    const own = desk({ send: 'rpc' });
    const sold = await own.trade({ mint: f.mint, side: 'sell', amount: 'all' }, kitWallet);
    expect(sold.trade?.side).toBe('sell');
    expect(BigInt(sold.trade!.tokens)).toBe(held);
    expect(await coinsOf(kitWallet.address, f.mint)).toBe(0n);
    await own.close();
  });

  it('does the same with a web3.js v1 Keypair', async () => {
    const keypair = Keypair.generate();
    const address = keypair.publicKey.toBase58() as Address;
    await f.sandbox.faucet.sol(address, lamports(10_000_000_000n));
    await f.sandbox.faucet.zec(address, (50n * ZEC) as ZecUnits);
    const client = desk();
    const bought = await client.trade({ mint: f.mint, side: 'buy', amount: String(ZEC), slippageBps: 300 }, keypair);
    expect(bought.trade?.user).toBe(address);
    const sold = await client.trade({ mint: f.mint, side: 'sell', amount: 'all' }, keypair);
    expect(sold.trade?.side).toBe('sell');
    expect(await coinsOf(address, f.mint)).toBe(0n);
    await client.close();
  });

  it('swaps SOL to ZEC, exactly the lamports asked, for at least the minimum it verified', async () => {
    const client = desk();
    const before = await zecOf(kitWallet.address);
    const swapped = await client.swap({ direction: 'sol_to_zec', amount: '1000000000' }, kitWallet);
    expect(swapped.registration).toBeNull();
    const gained = (await zecOf(kitWallet.address)) - before;
    expect(gained >= BigInt(swapped.builds[0]!.expected['minZecOut'] as string)).toBe(true);
    await client.close();
  });

  it('plants with an upload, holder rewards and a first buy, then the coin is listed', async () => {
    const client = desk();
    const planted = await client.plant(
      { name: 'Client Bot', symbol: 'CBOT', description: 'planted by launchdesk/client', image: { bytes: gradientPng('cbot'), type: 'image/png' }, payee: 'holders', firstBuy: { zec: String(ZEC) } },
      kitWallet,
    );
    expect(planted.coin.mint).toBe(planted.mint);
    expect(planted.coin.symbol).toBe('CBOT');
    expect(planted.uri).toMatch(/^ipfs:\/\//);
    expect(planted.builds[0]!.permanent).toBe(true); // holder rewards are for good
    expect(await coinsOf(kitWallet.address, planted.mint)).toBe(BigInt(planted.builds[0]!.expected['tokensOut'] as string));
    await client.close();
  });

  it('claims what waits for the payee and hands the payee on, through the relay', async () => {
    const client = desk();
    const planted = await client.plant({ name: 'Payee Bot', symbol: 'PBOT', image: { bytes: gradientPng('pbot'), type: 'image/png' }, payee: 'me' }, kitWallet);
    const trader = await fundedWallet(f.sandbox, 100n * ZEC);
    await client.trade({ mint: planted.mint, side: 'buy', amount: String(20n * ZEC) }, trader);
    // The vault's split run (the service sends it on a live cluster) puts the payee's part in the fee account.
    const split = await splitFeesInstruction({
      vault: vaultOf(f.sandbox), zecMint: f.sandbox.profile.mints.zec.address, mint: planted.mint, launchpad: programsOf(f.sandbox).launchpad, amm: f.sandbox.profile.programs['amm']!,
      sender: trader.address, config: vaultConfigOf(f.sandbox),
    });
    expect((await send(f.sandbox, trader, [split])).err).toBeNull();
    const waiting = await zecOf(await findPayeeRecord(vaultOf(f.sandbox), planted.mint));
    expect(waiting > 0n).toBe(true);
    const before = await zecOf(kitWallet.address);
    const claimed = await client.claim({ mint: planted.mint }, trader);
    expect(claimed.registration?.registered).toBe(true);
    expect((await zecOf(kitWallet.address)) - before).toBe(waiting);
    const next = await generateKeyPairSigner();
    const changed = await client.payee({ mint: planted.mint, payee: `wallet:${next.address}` }, kitWallet);
    expect(changed.builds[0]!.permanent).toBe(false);
    await client.close();
  });

  it('sends nothing when the confirm hook declines, and refuses an API that is not the one pinned before building', async () => {
    const declined = desk({ confirm: ({ verdict }) => !verdict.ok });
    const before = await zecOf(kitWallet.address);
    const refusal = await declined.trade({ mint: f.mint, side: 'buy', amount: String(ZEC) }, kitWallet).catch((e: unknown) => e);
    expect(isLaunchdeskError(refusal, 'refused')).toBe(true);
    expect((refusal as Error).message).toBe('you declined the trade build: nothing was signed or sent');
    expect(await zecOf(kitWallet.address)).toBe(before);
    await declined.close();

    const stranger = (await generateKeyPairSigner()).address;
    const wrong = desk({ pins: { ...pinsOfProfile(f.sandbox.profile), vault: stranger } });
    const pinned = await wrong.trade({ mint: f.mint, side: 'buy', amount: String(ZEC) }, kitWallet).catch((e: unknown) => e);
    expect(isLaunchdeskError(pinned, 'refused')).toBe(true);
    expect((pinned as Error).message).toMatch(new RegExp(`names \\w+ as the vault program, but you pinned ${stranger}`));
    await wrong.close();
  });

  it('makes an API key by signing in with the wallet, lists and revokes it', async () => {
    // On the server's own clock: the challenge lives 5 minutes.
    const client = desk({ fetch: (input, init) => fetch(input, init) });
    const made = await client.createApiKey(kitWallet);
    expect(made.wallet).toBe(kitWallet.address);
    expect(made.key.startsWith(made.prefix)).toBe(true);
    const keyed = new V1Client({ baseUrl: f.base, apiKey: made.key });
    expect((await keyed.keys()).data.map((k) => k.id)).toContain(made.id);
    expect((await keyed.revokeKey(made.id)).revokedAt).not.toBeNull();
    const revoked = await keyed.keys().catch((e: unknown) => e);
    expect(isLaunchdeskError(revoked, 'unauthorized')).toBe(true);
    expect((revoked as { status: number }).status).toBe(401);
    await client.close();
  });

  it('throws the spec code, status and words of a refusal the server answers', async () => {
    const client = desk();
    const error = await client.api.coin('not-a-mint').catch((e: unknown) => e);
    expect(isLaunchdeskError(error, 'invalid_param')).toBe(true);
    expect((error as { status: number }).status).toBe(400);
    const down = desk({ baseUrl: 'http://127.0.0.1:9' });
    const unreachable = await down.api.params().catch((e: unknown) => e);
    expect(isLaunchdeskError(unreachable, 'unavailable')).toBe(true);
    expect((unreachable as { status: number | null }).status).toBeNull();
    await client.close();
    await down.close();
  });
});
