import { createKeyPairSignerFromBytes, getBase58Encoder, type Address, type KeyPairSigner } from '@solana/kit';
import { DeskError } from '../errors.js';
import { KeychainProbe, type Keychain, type KeychainStatus } from './keychain.js';
import { newSecretText, signerFromSecretText } from './secret-key-text.js';
import { WalletSettings, type WalletEntry } from './wallet-settings.js';

/** What a person types to see a secret key: the words say what showing it means (the desk shows them from the wallet list). */
export const EXPORT_CONFIRMATION = 'anyone with this key owns this wallet';
const LABEL_MAX = 40;

export interface WalletList {
  readonly wallets: readonly WalletEntry[];
  readonly active: Address | null;
}

/**
 * The person's wallets: the list in the settings file, each secret in the OS keychain under the wallet's
 * address. Every change writes the keychain first and the list after, so a failure leaves either the old
 * list or a key the list does not name yet (found again by importing it), never a listed wallet without
 * its key. Removal is the reverse: the list first, then the keychain entry.
 */
export class WalletBook {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly probe: KeychainProbe;

  private constructor(
    private readonly settings: WalletSettings,
    private readonly keychain: Keychain,
  ) {
    this.probe = new KeychainProbe(keychain);
  }

  static async open(dataDir: string, keychain: Keychain): Promise<WalletBook> {
    return new WalletBook(await WalletSettings.open(dataDir), keychain);
  }

  /** Whether the keychain answers (the Wallets page says so before anything is tried). */
  keychainStatus(): Promise<KeychainStatus> {
    return this.probe.status();
  }

  list(): WalletList {
    const { wallets, active } = this.settings.data;
    return { wallets, active };
  }

  /** Changes one at a time: two tabs creating wallets at once never lose one. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private entry(address: string): WalletEntry {
    const entry = this.settings.data.wallets.find((w) => w.address === address);
    if (!entry) throw new DeskError('not_found', `no wallet ${address.slice(0, 60)} in this desk`);
    return entry;
  }

  private checkedLabel(label: string, except?: Address): string {
    const text = label.trim();
    if (text === '') throw new DeskError('invalid_param', 'label: give the wallet a name');
    if ([...text].length > LABEL_MAX) throw new DeskError('invalid_param', `label: at most ${LABEL_MAX} characters`);
    if ([...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) throw new DeskError('invalid_param', 'label: no control characters');
    const taken = this.settings.data.wallets.find((w) => w.label.toLowerCase() === text.toLowerCase() && w.address !== except);
    if (taken) throw new DeskError('invalid_param', `label: "${text}" already names wallet ${taken.address}`);
    return text;
  }

  private async add(label: string, secret: string, origin: WalletEntry['origin']): Promise<WalletEntry> {
    const { signer } = await signerFromSecretText(secret);
    const data = this.settings.data;
    if (data.wallets.some((w) => w.address === signer.address)) throw new DeskError('invalid_param', `secret: wallet ${signer.address} is already in this desk`);
    const entry: WalletEntry = { address: signer.address, label: this.checkedLabel(label), addedAt: new Date().toISOString(), origin };
    await this.keychain.write(signer.address, secret);
    await this.settings.save({ ...data, wallets: [...data.wallets, entry], active: data.active ?? entry.address });
    return entry;
  }

  create(label: string): Promise<WalletEntry> {
    return this.serial(async () => this.add(label, await newSecretText(), 'created'));
  }

  /** A base58 secret key or a Solana CLI keypair file's JSON. */
  import(label: string, secretText: string): Promise<WalletEntry> {
    return this.serial(async () => {
      const { secret } = await signerFromSecretText(secretText);
      return this.add(label, secret, 'imported');
    });
  }

  rename(address: string, label: string): Promise<WalletEntry> {
    return this.serial(async () => {
      const entry = this.entry(address);
      const renamed = { ...entry, label: this.checkedLabel(label, entry.address) };
      const data = this.settings.data;
      await this.settings.save({ ...data, wallets: data.wallets.map((w) => (w.address === entry.address ? renamed : w)) });
      return renamed;
    });
  }

  setActive(address: string): Promise<WalletList> {
    return this.serial(async () => {
      const entry = this.entry(address);
      await this.settings.save({ ...this.settings.data, active: entry.address });
      return this.list();
    });
  }

  /** `confirmation` must be the wallet's label, typed: the key is gone from this machine afterwards. */
  remove(address: string, confirmation: string): Promise<WalletList> {
    return this.serial(async () => {
      const entry = this.entry(address);
      if (confirmation.trim() !== entry.label) throw new DeskError('invalid_param', `confirmation: type the wallet's label "${entry.label}" to remove it; its key will be deleted from the keychain and only a backup can bring it back`);
      const data = this.settings.data;
      const wallets = data.wallets.filter((w) => w.address !== entry.address);
      await this.settings.save({ ...data, wallets, active: data.active === entry.address ? (wallets[0]?.address ?? null) : data.active });
      await this.keychain.remove(entry.address);
      return this.list();
    });
  }

  /** The base58 secret key, after the person typed EXPORT_CONFIRMATION. */
  async export(address: string, confirmation: string): Promise<string> {
    const entry = this.entry(address);
    if (confirmation.trim().toLowerCase() !== EXPORT_CONFIRMATION) throw new DeskError('invalid_param', `confirmation: type "${EXPORT_CONFIRMATION}" to show the secret key`);
    return this.secretOf(entry);
  }

  private async secretOf(entry: WalletEntry): Promise<string> {
    const secret = await this.keychain.read(entry.address);
    if (secret === null) {
      throw new DeskError('unavailable', `the OS keychain holds no key for wallet "${entry.label}" (${entry.address}): it is locked, was reset, or the entry was deleted outside the desk. Unlock the keychain, or import the wallet's secret key again`);
    }
    return secret;
  }

  /** The wallet's signer, its key read from the keychain for this signature only. */
  async signer(address: string): Promise<KeyPairSigner> {
    const entry = this.entry(address);
    const bytes = new Uint8Array(getBase58Encoder().encode(await this.secretOf(entry)));
    try {
      const signer = await createKeyPairSignerFromBytes(bytes);
      if (signer.address !== entry.address) throw new DeskError('unavailable', `the keychain's entry for wallet "${entry.label}" holds another wallet's key; import the right secret key again`);
      return signer;
    } finally {
      bytes.fill(0);
    }
  }
}
