import { generateKeyPairSigner, lamports, type Instruction, type KeyPairSigner } from '@solana/kit';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgePlanting } from '../../core/index/ingest/planting.js';
import { viewTransaction } from '../../core/index/ingest/transaction-view.js';
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

  async function judge(change: (instructions: Instruction[], payer: KeyPairSigner) => Instruction[]) {
    const payer = await fundedWallet(sandbox, 10n * 100_000_000n);
    const mint = await generateKeyPairSigner();
    const { instructions } = await plantingInstructions(sandbox, payer, mint, { kind: 'holders' }, null);
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
});
