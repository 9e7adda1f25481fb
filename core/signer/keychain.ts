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

/**
 * What to do about a keychain that does not answer, on this kind of system. The library's own words
 * ("Couldn't access platform storage: AccessDenied") are never shown: they say nothing a person can act on.
 */
export function keychainAdvice(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'open Keychain Access, unlock the login keychain, then try again';
  if (platform === 'win32') return 'sign in to Windows with your own account (Credential Manager needs it), then try again';
  return 'run launchdesk inside a desktop session with a Secret Service (GNOME Keyring or KWallet) running and unlocked; on a server or over SSH, start one first: dbus-run-session -- sh -c "gnome-keyring-daemon --unlock --components=secrets; launchdesk start" (Debian: apt install gnome-keyring dbus-x11)';
}

/** The keychain not answering, said as what a person can do (never the library's words). */
function unreachable(what: string): DeskError {
  return new DeskError('unavailable', `the OS keychain could not ${what}: it is locked, missing or refused the request; nothing was changed. To fix it, ${keychainAdvice()}`);
}

/** The OS keychain through `@napi-rs/keyring` (async: a prompt or a slow D-Bus never blocks the server). */
export class OsKeychain implements Keychain {
  constructor(private readonly service: string = KEYCHAIN_SERVICE) {}

  async read(account: string): Promise<string | null> {
    try {
      return await new AsyncEntry(this.service, account).getPassword();
    } catch {
      throw unreachable('be read');
    }
  }

  async write(account: string, secret: string): Promise<void> {
    try {
      await new AsyncEntry(this.service, account).setPassword(secret);
    } catch {
      throw unreachable('store the key');
    }
  }

  async remove(account: string): Promise<boolean> {
    try {
      return await new AsyncEntry(this.service, account).deletePassword();
    } catch {
      throw unreachable('remove the key');
    }
  }
}

/** Whether the keychain answers, and when it does not, what to do on this system. */
export type KeychainStatus = Readonly<{ available: true }> | Readonly<{ available: false; message: string; advice: string }>;

/** The account written and removed at once to find out whether the keychain answers (it never holds a secret). */
const PROBE_ACCOUNT = 'launchdesk-keychain-probe';

/**
 * Asks the keychain whether it answers, by storing and removing an entry that holds nothing: a read is no
 * test (without a Secret Service the library answers "no entry", and only a write fails). Said once in the
 * log when it does not answer (the desk shows it on the Wallets page every time), again only after it came back.
 */
export class KeychainProbe {
  private warned = false;

  constructor(
    private readonly keychain: Keychain,
    private readonly warn: (line: string) => void = (line) => console.warn(line),
  ) {}

  async status(): Promise<KeychainStatus> {
    try {
      await this.keychain.write(PROBE_ACCOUNT, 'probe');
      await this.keychain.remove(PROBE_ACCOUNT);
      this.warned = false;
      return { available: true };
    } catch {
      const message = 'No OS keychain answers on this system, so wallets cannot be created, imported, exported or used to sign (reading the market still works).';
      const advice = `To fix it, ${keychainAdvice()}.`;
      if (!this.warned) this.warn(`launchdesk: ${message} ${advice}`);
      this.warned = true;
      return { available: false, message, advice };
    }
  }
}
