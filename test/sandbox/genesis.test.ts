import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { generateKeyPairSigner, lamports } from '@solana/kit';
import { decodeFeeConfig, decodeFees, findFeeConfig, getFeesInstruction } from '../../core/programs/fees/fee-config.js';
import { trySendInstructions } from '../../core/sandbox/admin-transaction.js';
import { SANDBOX_FLAT_FEES } from '../../core/sandbox/genesis/fees.js';
import { GENESIS_VERSION } from '../../core/sandbox/genesis/steps.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { tempDir } from '../helpers/sandbox.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function feeConfigs(sandbox: Sandbox) {
  const { accounts, programs } = sandbox.profile;
  return [accounts['launchpadFeeConfig'], accounts['ammFeeConfig']].map((address) => {
    const account = sandbox.cluster.getAccount(address!);
    expect(account?.owner, address).toBe(programs['fees']);
    return decodeFeeConfig(account!.data);
  });
}

describe('sandbox genesis', () => {
  it('deploys the fee program at its live address with the spec\'s flat fees, all in the profile', async () => {
    const sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    try {
      const { programs, accounts } = sandbox.profile;
      expect(sandbox.profile.genesisVersion).toBe(GENESIS_VERSION);
      expect(programs['fees']).toBe('pfeeUxB6jkeY1Hxd7CsFCAjcbHA9rWtchMGdZ6VojVZ');
      expect(sandbox.cluster.getAccount(programs['fees']!)?.executable).toBe(true);
      expect(accounts['launchpadFeeConfig']).toBe(await findFeeConfig(programs['fees']!, '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P' as never));
      for (const config of feeConfigs(sandbox)) expect(config.flatFees).toEqual(SANDBOX_FLAT_FEES);
      // The native pairing, as GET /v1/params will give it.
      expect(sandbox.profile.pairs?.native).toMatchObject({
        mint: sandbox.profile.mints.native.address,
        decimals: 6,
        tokenProgram: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
        pool: accounts['nativePool'],
        routeInstruction: 'multi_hop_swap',
        routeProgram: programs['amm'],
        routeProtocolFeeBps: 5,
        poolLpFeeBps: 20,
      });
      expect(sandbox.cluster.getAccount(sandbox.profile.pairs!.native!.poolBaseVault)).not.toBeNull();
    } finally {
      sandbox.close();
    }
  });

  it('brings a sandbox made by an older version up to date on open, keeping its state', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const old = await Sandbox.open({ dataDir, slotMs: 0, genesisUpTo: 1 });
    const zec = old.profile.mints.zec.address;
    expect(old.profile.genesisVersion).toBe(1);
    expect(old.profile.programs['fees']).toBeUndefined();
    old.close();

    const upgraded = await Sandbox.open({ dataDir, slotMs: 0 });
    try {
      expect(upgraded.profile.genesisVersion).toBe(GENESIS_VERSION);
      expect(upgraded.profile.mints.zec.address).toBe(zec);
      for (const config of feeConfigs(upgraded)) expect(config.flatFees).toEqual(SANDBOX_FLAT_FEES);
    } finally {
      upgraded.close();
    }
    // And once more: nothing to do, and the program still runs from the snapshot.
    const again = await Sandbox.open({ dataDir, slotMs: 0 });
    try {
      expect(feeConfigs(again)).toHaveLength(2);
      const feeProgram = again.profile.programs['fees']!;
      const payer = await generateKeyPairSigner();
      await again.faucet.sol(payer.address, lamports(1_000_000_000n));
      const result = await trySendInstructions(again.cluster, payer, [
        getFeesInstruction({ feeProgram, feeConfig: again.profile.accounts['ammFeeConfig']!, configProgram: 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA' as never }),
      ]);
      expect(result.err).toBeNull();
      expect(decodeFees(again.cluster.getTransaction(result.signature)!.meta.returnData!.data)).toEqual(SANDBOX_FLAT_FEES);
    } finally {
      again.close();
    }
  });
});
