import type { KeyPairSigner } from '@solana/kit';
import type { KeyCreatedJson } from '../client/api-types.js';
import { signMessageText, V1Client } from '../client/index.js';
import type { CommandValues } from './command-values.js';
import { signingWallet } from './signing-wallet.js';
import { apiUrlOf } from './trade-connection.js';

/**
 * `launchdesk keys create`: an API key made by signing in with a wallet (a keychain wallet, or a keypair
 * file for a bot with no keychain): one Sign-In With Solana message, no transaction, no funds. The key is
 * printed once and kept nowhere by the CLI.
 */

/** Signs the server's challenge with `key` and answers the key it makes (shown this once). */
export async function signInForKey(baseUrl: string, key: KeyPairSigner): Promise<KeyCreatedJson> {
  const api = new V1Client({ baseUrl });
  const { message } = await api.challenge(key.address);
  return api.createKey(message, await signMessageText(key, message));
}

export async function keysCreate(values: CommandValues): Promise<void> {
  const baseUrl = apiUrlOf(values);
  const wallet = await signingWallet(values);
  const created = await signInForKey(baseUrl, await wallet.keyPair());
  if (values['json']) {
    process.stdout.write(`${JSON.stringify({ ok: true, command: 'keys create', ...created })}\n`);
    return;
  }
  // The key alone on stdout, so that `KEY=$(launchdesk keys create …)` takes it; the words go to stderr.
  process.stderr.write(
    `API key ${created.prefix}… (id ${created.id}, ${created.tier} tier) of wallet ${created.wallet} on ${baseUrl}. It is shown this once: store it now.\n` +
      'Send it as the header Authorization: Bearer <KEY>; the CLI takes it from LAUNCHDESK_API_KEY.\n',
  );
  process.stdout.write(`${created.key}\n`);
}
