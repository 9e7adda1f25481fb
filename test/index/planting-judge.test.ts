import { generateKeyPairSigner, lamports, type Instruction, type KeyPairSigner } from '@solana/kit';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readIndexRules } from '../../core/index/index-rules.js';
import { judgePlanting } from '../../core/verify/planting.js';
import { viewTransaction } from '../../core/chain/transaction-view.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { fundedWallet, send } from '../helpers/launchpad.js';
import { plantingInstructions } from '../helpers/vault.js';
import { rulesOf } from './rules.js';

/** Real plantings landed in the sandbox, judged by the index's rule: exactly the hand-built shape is listed. */
describe('index: which plantings are listed', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
  });
  afterAll(() => sandbox.close());

  async function judge(change: (instructions: Instruction[], payer: KeyPairSigner) => Instruction[], create: Parameters<typeof plantingInstructions>[6] = {}) {
    const payer = await fundedWallet(sandbox, 10n * 100_000_000n);
    const mint = await generateKeyPairSigner();
    const { instructions } = await plantingInstructions(sandbox, payer, mint, { kind: 'holders' }, null, 'zec', create);
    const result = await send(sandbox, payer, change(instructions, payer), [mint]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    const tx = await new SandboxChain(sandbox.cluster).getTransaction(result.signature, 'processed');
    return judgePlanting(viewTransaction(tx!), rulesOf(sandbox));
  }

  it('lists the hand-built shape', async () => {
    expect(await judge((ixs) => ixs)).toMatchObject({ listed: true, pair: 'zec', payee: { kind: 'holders' } });
  });

  it('does not list one without the launch fee, without declare_payee, or with an extra instruction', async () => {
    expect(await judge((ixs) => ixs.filter((_, i) => i !== 1))).toMatchObject({ listed: false, reason: expect.stringMatching(/launch fee 0 lamports/) });
    expect(await judge((ixs) => ixs.filter((_, i) => i !== 2))).toMatchObject({ listed: false, reason: 'no declare_payee' });
    const tip = (payer: KeyPairSigner) => getTransferSolInstruction({ source: payer, destination: payer.address, amount: lamports(1n) });
    expect(await judge((ixs, payer) => [...ixs, tip(payer)])).toMatchObject({ listed: false, reason: expect.stringMatching(/may not hold/) });
  });

  it('does not list one with another creator, another creator fee or another quote mint', async () => {
    const same = (ixs: Instruction[]) => ixs;
    const stranger = (await generateKeyPairSigner()).address;
    expect(await judge(same, { creator: stranger })).toMatchObject({ listed: false, reason: 'the creator is not the coin-authority address' });
    expect(await judge(same, { creatorFeeBps: 100n })).toMatchObject({ listed: false, reason: 'creator_fee_bps 100 is not 200' });
    // Another quote mint cannot land (the launchpad whitelists ZEC and the native coin) ...
    const wsol = sandbox.profile.mints.wsol;
    await expect(judge(same, { quote: { mint: wsol.address, tokenProgram: wsol.tokenProgram } })).rejects.toThrow(/custom program error: 0x17b4/); // 6068 QuoteMintNotWhitelisted
    // ... and were it whitelisted, the judge would still not list it: the landed planting with its quote mint swapped.
    const payer = await fundedWallet(sandbox, 10n * 100_000_000n);
    const mint = await generateKeyPairSigner();
    const { instructions } = await plantingInstructions(sandbox, payer, mint, { kind: 'holders' }, null);
    const landed = await send(sandbox, payer, instructions, [mint]);
    const view = viewTransaction((await new SandboxChain(sandbox.cluster).getTransaction(landed.signature, 'processed'))!);
    const swapped = { ...view, instructions: view.instructions.map((ix, i) => (i === 1 ? { ...ix, accounts: ix.accounts.map((a, j) => (j === 16 ? wsol.address : a)) } : ix)) };
    expect(await judgePlanting(swapped, rulesOf(sandbox))).toMatchObject({ listed: false, reason: 'the quote mint is neither ZEC, the native coin nor a listed stock' });
  });

  it('does not register names over the rules, the native coin\'s ticker or a refused word', async () => {
    const same = (ixs: Instruction[]) => ixs;
    expect(await judge(same, { symbol: 'NATIVE' })).toMatchObject({ listed: false, reason: 'the ticker passes for the native coin\'s' });
    expect(await judge(same, { name: 'my refusedword coin' })).toMatchObject({ listed: false, reason: expect.stringMatching(/refused word/) });
    expect(await judge(same, { symbol: 'lower' })).toMatchObject({ listed: false, reason: expect.stringMatching(/ticker/) });
  });

  it('reads the same rules from the chain and the network profile as the tests pin', async () => {
    const rules = await readIndexRules(new SandboxChain(sandbox.cluster), sandbox.profile, ['refusedword']);
    expect({ ...rules, tickerPattern: rules.tickerPattern.source }).toEqual({ ...rulesOf(sandbox), tickerPattern: rulesOf(sandbox).tickerPattern.source });
  });
});
