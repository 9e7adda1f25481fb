import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { DeskError } from '../../errors.js';

/** How long a planting's mint key waits for its signature: a planting is uploaded, built and reviewed in minutes. */
const KEEP_MS = 60 * 60 * 1000;

/**
 * The new mints of plantings in progress: a key made here for each, kept in this process's memory only
 * (never written anywhere) until the planting is signed, then forgotten. Lost on a restart: nothing was
 * signed with it yet, and the wizard makes a new one.
 */
export class MintKeys {
  private readonly keys = new Map<Address, { signer: KeyPairSigner; madeAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async make(): Promise<Address> {
    for (const [address, key] of this.keys) if (this.now() - key.madeAt > KEEP_MS) this.keys.delete(address);
    const signer = await generateKeyPairSigner();
    this.keys.set(signer.address, { signer, madeAt: this.now() });
    return signer.address;
  }

  signer(mint: Address): KeyPairSigner {
    const key = this.keys.get(mint);
    if (!key) throw new DeskError('refused', `not signed: this desk holds no key for mint ${mint} (it was made by an earlier run, or more than an hour ago); start the planting again`);
    return key.signer;
  }

  forget(mint: Address): void {
    this.keys.delete(mint);
  }
}
