import type { KeyPairSigner } from '@solana/kit';
import { join } from 'node:path';
import type { NetworkProfile } from '../config/profile.js';
import { readProfile, writeProfile } from '../config/profile.js';
import { SandboxCluster, type SandboxClusterOptions } from './cluster.js';
import { DataLock } from './data-lock.js';
import { Faucet } from './faucet.js';
import { loadOrCreateKeys, signerOf, type GenesisKeys } from './genesis/keys.js';
import { stockAdmin, type StockAdminAction } from './stock-admin.js';
import { GENESIS_VERSION, runGenesisSteps, type MarketChoice } from './genesis/steps.js';

export interface SandboxOptions extends SandboxClusterOptions {
  /** Stop genesis at this step, as an older version of the app would have (upgrade tests). */
  readonly genesisUpTo?: number;
  /**
   * Whether a new sandbox (or one from before the seeded market) gets a seeded market: a few dozen coins
   * traded over hours, ~6 s of transactions. Empty by default here (tests open hundreds of sandboxes);
   * the CLI seeds unless told `--empty`. A sandbox keeps what it was given on later opens.
   */
  readonly market?: MarketChoice;
}

/**
 * The sandbox as the product uses it: the cluster, its faucet and its network profile. Opening a data
 * dir that has none runs genesis first; opening it again finds everything as it was left.
 */
export class Sandbox {
  private constructor(
    readonly cluster: SandboxCluster,
    readonly faucet: Faucet,
    private profileValue: NetworkProfile,
    private readonly lock: DataLock | null,
    /**
     * The sandbox's own authority (sandbox play only): admin of its programs and the vault's run
     * authority, so that the local engine can run holder-reward runs as the hosted service does.
     */
    readonly serviceAuthority: KeyPairSigner,
    private readonly keys: GenesisKeys,
  ) {}

  private readonly profileListeners = new Set<(profile: NetworkProfile) => void>();

  /** Told when the profile changes while the sandbox runs (the stock review's switches). */
  onProfileChange(listener: (profile: NetworkProfile) => void): () => void {
    this.profileListeners.add(listener);
    return () => this.profileListeners.delete(listener);
  }

  private replaceProfile(profile: NetworkProfile): void {
    this.profileValue = profile;
    if (this.cluster.dataDir !== null) writeProfile(join(this.cluster.dataDir, 'profile.json'), profile);
    for (const listener of this.profileListeners) listener(profile);
  }

  /** An issuer's or the service's action on a stock (core/sandbox/stock-admin.ts); answers what was done. */
  stockAdmin(key: string, action: StockAdminAction): Promise<string> {
    return stockAdmin(
      {
        cluster: this.cluster,
        keys: this.keys,
        payer: this.serviceAuthority,
        review: () => this.profileValue.stocks,
        saveReview: (stocks) => this.replaceProfile({ ...this.profileValue, stocks }),
      },
      key,
      action,
    );
  }

  static async open(options: SandboxOptions): Promise<Sandbox> {
    const lock = options.dataDir === null ? null : DataLock.acquire(options.dataDir);
    let opened: ReturnType<typeof SandboxCluster.open>;
    try {
      opened = SandboxCluster.open(options);
    } catch (error) {
      lock?.release();
      throw error;
    }
    const { cluster, fresh } = opened;
    let genesisDone = !fresh;
    try {
      const keys = loadOrCreateKeys(options.dataDir);
      let profile: NetworkProfile;
      if (fresh) {
        profile = await runGenesisSteps(cluster, keys, null, options.genesisUpTo, options.market);
        if (options.dataDir !== null) writeProfile(join(options.dataDir, 'profile.json'), profile);
        // The snapshot is what marks genesis as done (see SandboxCluster.open).
        cluster.snapshot();
        genesisDone = true;
      } else {
        profile = readProfile(join(options.dataDir!, 'profile.json'));
        if ((profile.genesisVersion ?? 1) < (options.genesisUpTo ?? GENESIS_VERSION)) {
          // A sandbox from an older version: add what genesis has gained since, keeping everything else.
          profile = await runGenesisSteps(cluster, keys, profile, options.genesisUpTo, options.market);
          writeProfile(join(options.dataDir!, 'profile.json'), profile);
          cluster.snapshot();
        }
      }
      const authority = await signerOf(keys.faucetAuthority);
      const faucet = new Faucet(cluster, authority, profile.mints);
      cluster.start();
      return new Sandbox(cluster, faucet, profile, lock, authority, keys);
    } catch (error) {
      cluster.close(genesisDone);
      lock?.release();
      throw error;
    }
  }

  get profile(): NetworkProfile {
    return this.profileValue;
  }

  /** Records where the facade listens, so that other processes reading the profile can reach it. */
  setEndpoints(rpcUrl: string | null, wsUrl: string | null): void {
    this.replaceProfile({ ...this.profileValue, cluster: { kind: 'sandbox', rpcUrl, wsUrl } });
    this.lock?.setRpcUrl(rpcUrl);
  }

  close(): void {
    this.cluster.close();
    this.lock?.release();
  }
}
