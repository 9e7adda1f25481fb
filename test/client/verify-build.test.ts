import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientWorld, pinsOfProfile, RpcChain, V1Client, verifyBuild, type BuildAsk, type BuildJson, type ParamsJson, type Pins, type TradeBuildRequest } from '../../core/client/index.js';
import { readCoinMarket } from '../../core/engine/market.js';
import { compileUnsigned } from '../../core/engine/transaction.js';
import { curveTradeParties } from '../../core/engine/trade.js';
import { buyExactQuoteInV2Instruction } from '../../core/programs/launchpad/instructions/buy-exact-quote-in-v2.js';
import { findAssociatedTokenAccount } from '../../core/programs/launchpad/pdas.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { tokenUnits } from '../../core/math/units.js';
import { base64Of } from '../../core/engine/transaction.js';
import { startRpcFacade, type RpcFacade } from '../../core/sandbox/rpc/server.js';
import { startApi, type ApiFixture } from '../api/api-fixture.js';
import { fundedWallet } from '../helpers/launchpad.js';
import { decodeMessage, TAMPERINGS, tamperedUnsigned, type TamperEnv } from '../helpers/tampering.js';
import { plantListedCoin } from '../helpers/vault.js';
import { getCompiledTransactionMessageEncoder, getTransactionEncoder, type TransactionMessageBytes, type Transaction } from '@solana/kit';

const ZEC = 100_000_000n;

/**
 * launchdesk/client's verifyBuild against the real /v1 server and the sandbox read through its own
 * JSON-RPC facade (the caller's RPC): untouched builds pass; every tampering the relay refuses is refused
 * before signing, naming what differs; the native-pair rules (pair read from the curve on chain) and the
 * pins hold.
 */
describe('launchdesk/client verifyBuild', () => {
  let f: ApiFixture;
  let facade: RpcFacade;
  let chain: RpcChain;
  let api: V1Client;
  let params: ParamsJson;
  let pins: Pins;
  let trader: KeyPairSigner;
  let native: Address;
  let otherNative: Address;

  beforeAll(async () => {
    f = await startApi();
    facade = await startRpcFacade(f.sandbox, { port: 0 });
    chain = new RpcChain(facade.rpcUrl);
    // The fixture's server keeps time on its own clock: each call moves it past the rate-limit windows.
    api = new V1Client({ baseUrl: f.base, fetch: (input, init) => ((f.clock += 61_000), fetch(input, init)) });
    pins = pinsOfProfile(f.sandbox.profile);
    trader = await fundedWallet(f.sandbox, 100n * ZEC);
    native = (await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'holders' }, null, 'native')).mint;
    otherNative = (await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'holders' }, null, 'native')).mint;
    await f.indexed();
    params = await api.params();
  }, 60_000);
  afterAll(async () => {
    await chain.close();
    await facade.close();
    await f.close();
  });

  const verify = (ask: BuildAsk, build: BuildJson, pinned: Pins = pins) => verifyBuild(ask, build, { chain, params, pins: pinned });
  let nonce = 0n;
  const buyBody = (mint: string = f.mint): TradeBuildRequest => ({ wallet: trader.address, mint, side: 'buy', amount: String(ZEC + ++nonce) });
  const withWire = (build: BuildJson, wire: string): BuildJson => ({ ...build, transactions: [{ ...build.transactions[0]!, transaction: wire, size: Buffer.from(wire, 'base64').length }] });

  it('passes an untouched buy on the curve, naming nothing', async () => {
    const body = buyBody();
    const verdict = await verify({ kind: 'trade', body }, await api.tradeBuild(body));
    expect(verdict.differences).toEqual([]);
    expect(verdict.ok).toBe(true);
    expect(verdict.transactions[0]!.feePayer).toBe(trader.address);
  });

  for (const tampering of TAMPERINGS) {
    it(`refuses ${tampering.name}, as the relay does`, async () => {
      const body = buyBody();
      const build = await api.tradeBuild(body);
      const other = await generateKeyPairSigner();
      const env: TamperEnv = { stranger: (await generateKeyPairSigner()).address, other, expire: () => f.sandbox.cluster.advanceSlots(400) };
      const verdict = await verify({ kind: 'trade', body }, withWire(build, tamperedUnsigned(build.transactions[0]!.transaction, tampering, env)));
      expect(verdict.ok).toBe(false);
      // An expired blockhash is the one the remedy of which is to build again (stale); no other is.
      expect(verdict.stale).toBe(tampering.name === 'an expired blockhash');
      expect(verdict.differences.join('\n')).toMatch(tampering.verify);
    });
  }

  it('refuses a build that does what another request asked: another amount, the other side, a lower minimum', async () => {
    const body = buyBody();
    const build = await api.tradeBuild(body);
    const more = await verify({ kind: 'trade', body: { ...body, amount: String(BigInt(body.amount) + 1n) } }, build);
    expect(more.differences.join('\n')).toMatch(/spends \d+, not the \d+ asked for/);
    const sale = await verify({ kind: 'trade', body: { ...body, side: 'sell' } }, build);
    expect(sale.ok).toBe(false);
    // A build whose `expected` minimum is below the caller's own quote at its slippage: stale, so the flow builds again.
    const lower = { ...build, expected: { ...build.expected, minTokensOut: String(BigInt(build.expected['minTokensOut'] as string) - 1000n) } };
    const stale = await verify({ kind: 'trade', body }, lower);
    expect(stale.stale).toBe(true);
    expect(stale.differences.join('\n')).toMatch(/below your own quote of the chain now/);
    // Tighter slippage on the caller's side than the build applied.
    const tight = await verify({ kind: 'trade', body: { ...body, slippageBps: 10 } }, build);
    expect(tight.ok).toBe(false);
  });

  it('refuses on the pins: an API naming another treasury or launchpad than pinned is refused before anything is read', async () => {
    const body = buyBody();
    const build = await api.tradeBuild(body);
    const stranger = (await generateKeyPairSigner()).address;
    const verdict = await verify({ kind: 'trade', body }, build, { ...pins, treasury: stranger });
    expect(verdict.ok).toBe(false);
    expect(verdict.differences).toEqual([`the API names ${params.treasury} as the treasury, but you pinned ${stranger}`]);
    const launchpad = await verify({ kind: 'trade', body }, build, { ...pins, launchpad: stranger });
    expect(launchpad.differences[0]).toMatch(/as the launchpad program, but you pinned/);
  });

  describe('a native-paired coin (pair read from its curve on chain)', () => {
    it('passes its route buy as built', async () => {
      const body = buyBody(native);
      const verdict = await verify({ kind: 'trade', body }, await api.tradeBuild(body));
      expect(verdict.differences).toEqual([]);
    });

    it("refuses another coin's route", async () => {
      const body = buyBody(native);
      const verdict = await verify({ kind: 'trade', body }, await api.tradeBuild({ ...body, mint: otherNative }));
      expect(verdict.ok).toBe(false);
      expect(verdict.differences.join('\n')).toMatch(/account \d+ is \w+, not \w+|opens \w+, not the wallet's own coin or ZEC account/);
    });

    it("refuses a route into another wallet's coin account", async () => {
      const body = buyBody(native);
      const build = await api.tradeBuild(body);
      const mine = await findAssociatedTokenAccount(trader.address, native, TOKEN_2022_PROGRAM);
      const theirs = await findAssociatedTokenAccount((await generateKeyPairSigner()).address, native, TOKEN_2022_PROGRAM);
      const message = decodeMessage(build.transactions[0]!.transaction);
      const at = message.staticAccounts.indexOf(mine);
      expect(at).toBeGreaterThan(0);
      message.staticAccounts[at] = theirs;
      const messageBytes = getCompiledTransactionMessageEncoder().encode(message as never) as TransactionMessageBytes;
      const unsigned = { messageBytes, signatures: { [trader.address]: null } } as unknown as Transaction;
      const verdict = await verify({ kind: 'trade', body }, withWire(build, Buffer.from(getTransactionEncoder().encode(unsigned)).toString('base64')));
      expect(verdict.ok).toBe(false);
      expect(verdict.differences.join('\n')).toMatch(new RegExp(theirs));
    });

    it('refuses a direct curve trade of the paired coin', async () => {
      const body = buyBody(native);
      const build = await api.tradeBuild(body);
      const world = await clientWorld(params, chain);
      const market = await readCoinMarket(chain, world, native);
      const direct = await buyExactQuoteInV2Instruction(curveTradeParties(world, market, trader.address), { spendableQuoteIn: BigInt(body.amount), minTokensOut: tokenUnits(1n) });
      const tx = compileUnsigned(world, { feePayer: trader.address, instructions: [direct], lifetime: await chain.getLatestBlockhash(), computeUnitLimit: 200_000 });
      const verdict = await verify({ kind: 'trade', body }, withWire(build, base64Of(tx.wire)));
      expect(verdict.ok).toBe(false);
      expect(verdict.differences.join('\n')).toMatch(/holds no multi_hop_swap|not part of an accepted|buy_exact_quote_in_v2|route/);
    });

    it('refuses a native planting the request did not ask for, and passes it when asked', async () => {
      const mint = await generateKeyPairSigner();
      const body = { wallet: trader.address, mint: mint.address, name: 'Pair Check', symbol: 'PCHK', uri: 'https://example.org/pchk.json', payee: 'me' };
      const build = await api.plantBuild({ ...body, pair: 'native' });
      const unasked = await verify({ kind: 'plant', body }, build);
      expect(unasked.ok).toBe(false);
      expect(unasked.differences).toContain('it plants a coin paired with the native coin, which your request did not ask for');
      const asked = await verify({ kind: 'plant', body: { ...body, pair: 'native' } }, build);
      expect(asked.differences).toEqual([]);
    });
  });
});
