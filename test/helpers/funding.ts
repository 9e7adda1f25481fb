import { getTransferSolInstruction } from '@solana-program/system';
import { generateKeyPairSigner, lamports, type KeyPairSigner } from '@solana/kit';
import type { ZecUnits } from '../../core/math/units.js';
import type { Sandbox } from '../../core/sandbox/sandbox.js';
import { send } from './launchpad.js';

const SOL = 1_000_000_000n;

/**
 * A new wallet whose first SOL comes from `source` (a real System transfer, so the index finds `source` as its
 * funder), with ZEC from the faucet (a mint, which moves no SOL of the wallet's).
 */
export async function fundedBy(sandbox: Sandbox, source: KeyPairSigner, zec: bigint, sol = 2n * SOL): Promise<KeyPairSigner> {
  const wallet = await generateKeyPairSigner();
  const sent = await send(sandbox, source, [getTransferSolInstruction({ source, destination: wallet.address, amount: lamports(sol) })]);
  if (sent.err !== null) throw new Error(`funding ${wallet.address} from ${source.address} was refused: ${JSON.stringify(sent.err)}\n${sent.logs.join('\n')}`);
  if (zec > 0n) await sandbox.faucet.zec(wallet.address, zec as ZecUnits);
  return wallet;
}
