import { join } from 'node:path';
import type { Address } from '@solana/kit';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';

/**
 * The list of wallets (addresses, labels, which one is active), kept in `wallets.json` in the data dir by
 * lowdb (written to a temporary file and renamed, so a crash leaves the old list or the new one, never
 * half of one). Never a secret: those are in the OS keychain only.
 */
export interface WalletEntry {
  readonly address: Address;
  readonly label: string;
  /** ISO time it was created or imported. */
  readonly addedAt: string;
  readonly origin: 'created' | 'imported';
}

export interface WalletSettingsData {
  readonly version: 1;
  readonly wallets: readonly WalletEntry[];
  readonly active: Address | null;
}

export const WALLET_SETTINGS_FILE = 'wallets.json';

const EMPTY: WalletSettingsData = { version: 1, wallets: [], active: null };

export class WalletSettings {
  private constructor(private readonly db: Low<WalletSettingsData>) {}

  static async open(dataDir: string): Promise<WalletSettings> {
    const db = new Low<WalletSettingsData>(new JSONFile(join(dataDir, WALLET_SETTINGS_FILE)), EMPTY);
    await db.read();
    if (db.data.version !== 1 || !Array.isArray(db.data.wallets)) db.data = EMPTY;
    return new WalletSettings(db);
  }

  get data(): WalletSettingsData {
    return this.db.data;
  }

  /** Replaces the whole list at once and writes it (one rename). */
  async save(next: WalletSettingsData): Promise<void> {
    this.db.data = next;
    await this.db.write();
  }
}
