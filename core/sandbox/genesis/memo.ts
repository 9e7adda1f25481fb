import { readFileSync } from 'node:fs';
import type { NetworkProfile } from '../../config/profile.js';
import { resourcePath } from '../../config/resources.js';
import { SPL_MEMO } from './live-addresses.js';
import type { GenesisContext } from './genesis-context.js';

/**
 * Genesis step 11: the SPL Memo program (v2) at its live address, under BPF loader 2 as on mainnet. It
 * replaces the copy LiteSVM carries there, whose log lines differ from the live program's (`Signed by:`
 * and the key, `Memo (len N)` and the text, on lines of their own). Memo v1 stays LiteSVM's: SPL Memo
 * 1.0.0 under BPF loader 1, which is what mainnet runs there (it checks UTF-8 and logs nothing).
 */
export async function genesisMemo({ cluster, profile }: GenesisContext): Promise<NetworkProfile> {
  if (!profile) throw new Error('genesis step "memo" needs the mints step first');
  const { v1, v2 } = SPL_MEMO;
  cluster.installProgram(v2.address, new Uint8Array(readFileSync(resourcePath('programs', 'memo.so'))), v2.loader);
  return { ...profile, programs: { ...profile.programs, memo: v2.address, memoV1: v1.address } };
}
