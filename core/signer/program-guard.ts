import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { getAddressDecoder, type Address } from '@solana/kit';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import type { Chain } from '../chain/chain.js';
import type { NetworkProfile } from '../config/profile.js';
import { DeskError } from '../errors.js';

/**
 * The program-version guard: the executable of every program the desk signs against (launchpad, AMM,
 * vault, aggregator, fee program) is pinned by its SHA-256, and while one on the cluster differs from its
 * pin (an upgrade: the most common break for launchpad bots is one that changes accounts) nothing is
 * signed until the person accepts the new version. Pins come from the profile's `programHashes` when it
 * names them, else from the first sight of each program on this machine, kept in `program-pins.json`.
 */
export const GUARDED_PROGRAMS = ['launchpad', 'amm', 'vault', 'aggregator', 'fees'] as const;
export const PROGRAM_PINS_FILE = 'program-pins.json';
const UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111';
/** A ProgramData account's header: tag (4), slot (8), authority option (1 + 32). */
const PROGRAM_DATA_HEADER = 45;

export interface ProgramChange {
  readonly role: string;
  readonly program: Address;
  readonly pinned: string;
  readonly now: string | null;
}

export interface GuardState {
  readonly changes: readonly ProgramChange[];
  /** Role → the executable's SHA-256 now (hex). */
  readonly hashes: Readonly<Record<string, string | null>>;
  readonly checkedAt: number;
}

interface PinsData {
  readonly version: 1;
  readonly pins: Readonly<Record<string, string>>;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The SHA-256 of a program's executable: its ProgramData's bytes past the header under the upgradeable loader, else the program account's. */
export async function executableHash(chain: Chain, program: Address): Promise<string | null> {
  const account = await chain.getAccount(program, 'confirmed');
  if (!account) return null;
  if (account.owner !== UPGRADEABLE_LOADER) return sha256(account.data);
  if (account.data.length < 36) return null;
  const programData = getAddressDecoder().decode(account.data.subarray(4, 36));
  const data = await chain.getAccount(programData, 'confirmed');
  return data && data.data.length > PROGRAM_DATA_HEADER ? sha256(data.data.subarray(PROGRAM_DATA_HEADER)) : null;
}

export class ProgramGuard {
  private last: GuardState | null = null;

  private constructor(
    private readonly chain: Chain,
    private readonly profile: NetworkProfile,
    private readonly db: Low<PinsData>,
  ) {}

  /** `dataDir` null keeps the pins in memory (a server for tests). */
  static async open(chain: Chain, profile: NetworkProfile, dataDir: string | null): Promise<ProgramGuard> {
    const empty: PinsData = { version: 1, pins: {} };
    const db = dataDir === null ? new Low<PinsData>({ read: async () => null, write: async () => {} }, empty) : new Low<PinsData>(new JSONFile(join(dataDir, PROGRAM_PINS_FILE)), empty);
    await db.read();
    return new ProgramGuard(chain, profile, db);
  }

  private programs(): [string, Address][] {
    return GUARDED_PROGRAMS.flatMap((role) => (this.profile.programs[role] ? [[role, this.profile.programs[role]!] as [string, Address]] : []));
  }

  /** Reads every guarded program's executable now; a program never seen before is pinned as it is. */
  async check(): Promise<GuardState> {
    const hashes: Record<string, string | null> = {};
    for (const [role, program] of this.programs()) hashes[role] = await executableHash(this.chain, program);
    const profilePins = this.profile.programHashes ?? {};
    const pins = { ...this.db.data.pins };
    let pinned = false;
    for (const [role] of this.programs()) {
      if (pins[role] === undefined && profilePins[role] === undefined && hashes[role]) {
        pins[role] = hashes[role]!;
        pinned = true;
      }
    }
    if (pinned) {
      this.db.data = { version: 1, pins };
      await this.db.write();
    }
    const changes = this.programs().flatMap(([role, program]) => {
      const pin = pins[role] ?? profilePins[role];
      return pin !== undefined && pin !== hashes[role] ? [{ role, program, pinned: pin, now: hashes[role] ?? null }] : [];
    });
    this.last = { changes, hashes, checkedAt: Date.now() };
    return this.last;
  }

  /** The person accepts the programs as they are now: they become the pins. */
  async accept(): Promise<GuardState> {
    const state = await this.check();
    const pins = { ...this.db.data.pins };
    for (const [role, hash] of Object.entries(state.hashes)) if (hash) pins[role] = hash;
    this.db.data = { version: 1, pins };
    await this.db.write();
    return this.check();
  }

  /** Throws `refused` in words when a guarded program changed since it was pinned. Read fresh before every signature. */
  async assertUnchanged(): Promise<void> {
    const state = await this.check();
    if (state.changes.length === 0) return;
    const which = state.changes.map((c) => `${c.role} (${c.program})`).join(', ');
    throw new DeskError('refused', `not signed: the ${which} program${state.changes.length > 1 ? 's' : ''} on the cluster changed since you accepted ${state.changes.length > 1 ? 'them' : 'it'} (an upgrade may change what its instructions do); review the change and accept the new version on the desk before trading`);
  }
}
