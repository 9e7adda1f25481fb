import { AsyncEntry } from '@napi-rs/keyring';
import { DeskError } from '../errors.js';

/**
 * Where wallets' secret keys live: the OS keychain (macOS Keychain, Windows Credential Manager, the Secret
 * Service of GNOME Keyring or KWallet on Linux), one entry per wallet address under the service
 * `launchdesk`. Nothing else in the product ever holds a secret at rest.
 */
export interface Keychain {
  /** The secret stored for `account`, or null when there is none. Throws `unavailable` when the keychain cannot be reached. */
  read(account: string): Promise<string | null>;
  write(account: string, secret: string): Promise<void>;
  /** True when an entry was removed. */
  remove(account: string): Promise<boolean>;
}

export const KEYCHAIN_SERVICE = 'launchdesk';

/** The library's words ("Couldn't access platform storage: AccessDenied") said as what a person can do. */
function unreachable(what: string, error: unknown): DeskError {
  const detail = error instanceof Error ? error.message.slice(0, 200) : String(error);
  return new DeskError(
    'unavailable',
    `the OS keychain could not ${what} (${detail}): it is locked, missing or refused the request. Unlock it (on Linux: a Secret Service such as GNOME Keyring must run in your session) and try again; nothing was changed`,
  );
}

/** The OS keychain through `@napi-rs/keyring` (async: a prompt or a slow D-Bus never blocks the server). */
export class OsKeychain implements Keychain {
  constructor(private readonly service: string = KEYCHAIN_SERVICE) {}

  async read(account: string): Promise<string | null> {
    try {
      return await new AsyncEntry(this.service, account).getPassword();
    } catch (error) {
      throw unreachable('be read', error);
    }
  }

  async write(account: string, secret: string): Promise<void> {
    try {
      await new AsyncEntry(this.service, account).setPassword(secret);
    } catch (error) {
      throw unreachable('store the key', error);
    }
  }

  async remove(account: string): Promise<boolean> {
    try {
      return await new AsyncEntry(this.service, account).deletePassword();
    } catch (error) {
      throw unreachable('remove the key', error);
    }
  }
}
