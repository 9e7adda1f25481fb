import type { Address, KeyPairSigner, TransactionPartialSigner } from '@solana/kit';
import { DeskError } from '../errors.js';
import { CLI_ENV, envText } from './cli-environment.js';
import { dataDirOf, textOf, type CommandValues } from './command-values.js';
import { keyFileSigner } from './key-file.js';
import { findWallet, openWalletBook } from './wallet-commands.js';

/**
 * The wallet a command signs with: a Solana CLI keypair file (`--key-file`, else LAUNCHDESK_KEY_FILE), which
 * needs no OS keychain at all, or one of the desk's keychain wallets (`--wallet`, else `wallet use`'s).
 * A `--wallet` on the command line wins over LAUNCHDESK_KEY_FILE; with `--key-file` too it is refused, as
 * two signers named at once. A keychain key is read only when something is signed, and dropped after.
 */
export interface SigningWallet {
  readonly address: Address;
  /** How a review names it: the wallet's label, or the key file's path. */
  readonly label: string;
  readonly source: 'keychain' | 'key-file';
  /** Signs transactions (a keychain wallet's key is read for each signature only). */
  readonly signer: TransactionPartialSigner;
  /** The key pair itself, for a sign-in message (read from the keychain at that moment). */
  readonly keyPair: () => Promise<KeyPairSigner>;
}

/** The key file the command line or the environment names; undefined when a keychain wallet signs. */
export function keyFileOf(values: CommandValues): { readonly path: string; readonly from: string } | undefined {
  const flag = textOf(values, 'key-file');
  const wallet = textOf(values, 'wallet');
  if (flag !== undefined && wallet !== undefined) throw new DeskError('usage', '--wallet and --key-file both name the wallet that signs: give one of them');
  if (flag !== undefined) return { path: flag, from: '--key-file' };
  if (wallet !== undefined) return undefined;
  const env = envText(CLI_ENV.keyFile);
  return env === undefined ? undefined : { path: env, from: CLI_ENV.keyFile };
}

export async function signingWallet(values: CommandValues): Promise<SigningWallet> {
  const keyFile = keyFileOf(values);
  if (keyFile) {
    const signer = await keyFileSigner(keyFile.path);
    return { address: signer.address, label: `key file ${keyFile.path}`, source: 'key-file', signer, keyPair: async () => signer };
  }
  const book = await openWalletBook(values);
  const named = textOf(values, 'wallet');
  const active = book.list().active;
  if (named === undefined && !active) {
    throw new DeskError('invalid_param', `no wallet to sign with in ${dataDirOf(values)}: make one with \`launchdesk wallet new LABEL\`, name one with --wallet, or give a keypair file with --key-file FILE (or ${CLI_ENV.keyFile})`);
  }
  const entry = findWallet(book, named ?? active!, values);
  return {
    address: entry.address,
    label: entry.label,
    source: 'keychain',
    signer: { address: entry.address, signTransactions: async (transactions) => (await book.signer(entry.address)).signTransactions(transactions) },
    keyPair: () => book.signer(entry.address),
  };
}
