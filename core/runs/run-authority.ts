import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { KeyPairSigner } from '@solana/kit';
import type { NetworkProfile } from '../config/profile.js';
import { DeskError } from '../errors.js';
import { signerFromSecretText } from '../signer/secret-key-text.js';

/**
 * Who sends the service's runs on a cluster other than the sandbox: the keypair file the network profile
 * names (`runs.authorityKeypair`, a Solana CLI keypair file, relative to the profile's own directory), or
 * nobody, and then the runs are off and the desk says why. The holder-reward runs need it to be the vault's
 * run authority; splits, claims and migrations only need it to pay the fees.
 */
export async function runAuthorityOf(profile: NetworkProfile, profilePath: string): Promise<{ readonly authority: KeyPairSigner | null; readonly offReason: string }> {
  const file = profile.runs?.authorityKeypair;
  if (file === undefined) return { authority: null, offReason: "the network profile names no run authority (runs.authorityKeypair): the service's runs are off on this cluster" };
  const path = resolve(dirname(profilePath), file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new DeskError('profile_invalid', `runs.authorityKeypair: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
  }
  try {
    return { authority: (await signerFromSecretText(text)).signer, offReason: '' };
  } catch (error) {
    // Never the file's contents: it is a secret.
    throw new DeskError('profile_invalid', `runs.authorityKeypair: ${path} is not a Solana CLI keypair file (${(error as Error).message.replace(/^secret: /, '')})`);
  }
}
