import {
  appendTransactionMessageInstructions,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyExactTokens } from '../../core/math/curve.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { decodeLookupTable } from '../../core/programs/lookup-table.js';
import { lookupTableAddresses } from '../../core/sandbox/genesis/lookup-table.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, SANDBOX_FEE_RATES, tokens, type Coin } from '../helpers/launchpad.js';
import { plantListedCoin } from '../helpers/vault.js';

const ZEC = 100_000_000n;
const encoder = getTransactionEncoder();

/** Genesis step 9: the builds' address lookup table, frozen, and a v0 transaction that uses it. */
describe('sandbox: the address lookup table', () => {
  let sandbox: Sandbox;
  let table: Address;
  let trader: KeyPairSigner;
  let coin: Coin;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    table = sandbox.profile.accounts['lookupTable']!;
    trader = await fundedWallet(sandbox, 100n * ZEC);
    coin = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'holders' });
  });
  afterAll(() => sandbox.close());

  async function wire(instructions: Instruction[], tables: Record<Address, Address[]>): Promise<Uint8Array> {
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(trader, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(sandbox.cluster.latestBlockhash(), m),
      (m) => appendTransactionMessageInstructions(instructions, m),
      (m) => compressTransactionMessageUsingAddressLookupTables(m, tables),
    );
    return new Uint8Array(encoder.encode(await signTransactionMessageWithSigners(message)));
  }

  it('holds exactly the fixed accounts every build names, and is frozen', async () => {
    const decoded = decodeLookupTable(sandbox.cluster.getAccount(table)!.data);
    expect(decoded.addresses).toEqual(await lookupTableAddresses(sandbox.profile));
    expect(decoded.frozen).toBe(true);
    expect(sandbox.cluster.getAccount(table)!.owner).toBe('AddressLookupTab1e1111111111111111111111111');
  });

  it('a curve buy compiled against it lands, and is smaller than without it', async () => {
    const addresses = decodeLookupTable(sandbox.cluster.getAccount(table)!.data).addresses as Address[];
    const buy = buyExactTokens(curveOf(sandbox, coin), tokens(1_000_000_000n), SANDBOX_FEE_RATES);
    const instructions = [await openCoinAccount(trader, coin), await buyV2Instruction(partiesFor(sandbox, coin, trader.address), { amount: buy.tokens, maxQuoteCost: buy.totalCost })];
    const plain = await wire(instructions, {});
    const compressed = await wire(instructions, { [table]: addresses });
    expect(compressed.length).toBeLessThan(plain.length - 300);
    sandbox.cluster.advanceSlots(1);
    const outcome = sandbox.cluster.send(compressed);
    expect(outcome.landed).toBe(true);
    if (!outcome.landed) return;
    const landed = sandbox.cluster.getTransaction(outcome.signature)!;
    expect(outcome.err, landed.meta.logMessages.join('\n')).toBeNull();
    expect(landed.meta.loadedAddresses.readonly.length + landed.meta.loadedAddresses.writable.length).toBeGreaterThan(5);
  });
});
