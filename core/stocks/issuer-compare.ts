import type { Address } from '@solana/kit';
import { compareMultipliers, isNormalMultiplierStep, multiplierText } from '../math/multiplier.js';
import { decodeSplMultisig } from '../programs/token-2022/multisig.js';
import { decodeToken2022Mint, type Token2022Mint } from '../programs/token-2022/mint.js';
import { decodeUpgradeableProgram, decodeProgramData } from '../programs/upgradeable-loader.js';
import { STOCK_ROLES, type IssuerKey, type StockReviewEntry, type StockRole } from './review.js';

/**
 * One stock's chain state against its review (spec, "Issuer status record"): what differs (`changes`,
 * which pause the stock) and what moved without pausing anything (`notices`). Pure: the accounts come
 * read already, so the same rules serve the server and a test computing the answer independently.
 */

export interface Difference {
  readonly what: string;
  readonly pinned: string;
  readonly now: string;
}

export interface ChainAccountView {
  readonly owner: Address;
  readonly data: Uint8Array;
  readonly executable?: boolean;
}

export interface StockComparison {
  readonly changes: readonly Difference[];
  readonly notices: readonly Difference[];
  /** The issuer's own pause flag on the mint (null when the mint could not be read). */
  readonly mintPaused: boolean | null;
  /** The multiplier in force (null when the mint could not be read), and a scheduled one. */
  readonly multiplier: string | null;
  readonly next: { readonly multiplier: string; readonly from: bigint } | null;
  readonly mint: Token2022Mint | null;
}

/** Normal steps take effect within this long after the read that sees them (spec: 2 days). */
const NORMAL_STEP_WINDOW_SECONDS = 2n * 24n * 3600n;
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const NONE = 'none';
const NO_EXTENSION = 'no such control';

/** The role holders a mint shows now; a role whose extension is missing is left out. */
export function rolesOfMint(mint: Token2022Mint): Partial<Record<StockRole, Address | null>> {
  const roles: Partial<Record<StockRole, Address | null>> = { 'mint authority': mint.mintAuthority, 'freeze authority': mint.freezeAuthority };
  if (mint.permanentDelegate !== undefined) roles['permanent delegate'] = mint.permanentDelegate;
  if (mint.transferHook) {
    roles['transfer hook authority'] = mint.transferHook.authority;
    roles['transfer hook program'] = mint.transferHook.programId;
  }
  if (mint.pausable) roles['pause authority'] = mint.pausable.authority;
  if (mint.scaledUiAmount) roles['scaled UI multiplier authority'] = mint.scaledUiAmount.authority;
  if (mint.metadataPointer) roles['metadata pointer authority'] = mint.metadataPointer.authority;
  if (mint.tokenMetadata) roles['metadata update authority'] = mint.tokenMetadata.updateAuthority;
  if (mint.confidentialTransferMint) roles['confidential transfer authority'] = mint.confidentialTransferMint.authority;
  if (mint.groupMemberPointer) roles['group member pointer authority'] = mint.groupMemberPointer.authority;
  if (mint.mintCloseAuthority !== undefined) roles['mint close authority'] = mint.mintCloseAuthority;
  if (mint.transferFeeConfig) {
    roles['transfer fee config authority'] = mint.transferFeeConfig.configAuthority;
    roles['withheld withdraw authority'] = mint.transferFeeConfig.withdrawWithheldAuthority;
  }
  return roles;
}

/** "2026-11-26 14:00 UTC" */
export function utcMinute(unixSeconds: bigint): string {
  return new Date(Number(unixSeconds) * 1000).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
}

export function compareStock(
  entry: StockReviewEntry,
  keys: Readonly<Record<string, IssuerKey>>,
  accounts: ReadonlyMap<string, ChainAccountView | null>,
  chainTime: bigint,
  sha256: (bytes: Uint8Array) => string,
  acceptedMultiplier: string = entry.multiplier,
  /** One read's issuer-key results by address: the keys are shared by many stocks, compared once per read. */
  keyResults: Map<string, readonly Difference[]> = new Map(),
): StockComparison {
  const changes: Difference[] = [];
  const notices: Difference[] = [];
  const account = accounts.get(entry.mint) ?? null;
  const mint = account ? decodeToken2022Mint(account) : null;
  const reviewedMint = `Token-2022 mint of ${entry.decimals} decimals`;
  if (!mint || !mint.isInitialized || mint.decimals !== entry.decimals) {
    const now = !account ? 'no account (closed)' : !mint || !mint.isInitialized ? `not a Token-2022 mint (owner ${account.owner})` : `Token-2022 mint of ${mint.decimals} decimals`;
    return { changes: [{ what: 'the mint', pinned: reviewedMint, now }], notices, mintPaused: null, multiplier: null, next: null, mint: null };
  }

  const now = rolesOfMint(mint);
  for (const role of STOCK_ROLES) {
    const had = role in entry.roles;
    const has = role in now;
    if (!had && !has) continue;
    const pinned = had ? (entry.roles[role] ?? NONE) : NO_EXTENSION;
    const current = has ? (now[role] ?? NONE) : NO_EXTENSION;
    if (pinned !== current) changes.push({ what: role, pinned, now: current });
  }

  const mintPaused = mint.pausable?.paused ?? false;
  if (mintPaused !== entry.paused) changes.push({ what: 'paused', pinned: entry.paused ? 'yes' : 'no', now: mintPaused ? 'yes' : 'no' });
  const defaultState = mint.defaultAccountState ?? 'initialized';
  if (defaultState !== entry.defaultAccountState) changes.push({ what: 'default account state', pinned: entry.defaultAccountState, now: defaultState });

  let multiplier: string | null = null;
  let next: StockComparison['next'] = null;
  const scaled = mint.scaledUiAmount;
  if (scaled) {
    const stored = multiplierText(scaled.multiplier);
    const scheduled = multiplierText(scaled.newMultiplier);
    const takenEffect = chainTime >= scaled.newMultiplierEffectiveTimestamp;
    multiplier = takenEffect ? scheduled : stored;
    // In force: the reviewed multiplier, or one normal step from it that has now taken effect.
    const inForceAccepted =
      compareMultipliers(multiplier, acceptedMultiplier) === 0 || (takenEffect && compareMultipliers(stored, acceptedMultiplier) === 0 && isNormalMultiplierStep(stored, scheduled));
    if (!takenEffect && compareMultipliers(scheduled, stored) !== 0) {
      next = { multiplier: scheduled, from: scaled.newMultiplierEffectiveTimestamp };
      const when = `${scheduled} from ${utcMinute(scaled.newMultiplierEffectiveTimestamp)}`;
      const normal = inForceAccepted && isNormalMultiplierStep(stored, scheduled) && scaled.newMultiplierEffectiveTimestamp - chainTime <= NORMAL_STEP_WINDOW_SECONDS;
      if (normal) notices.push({ what: 'scaled UI multiplier step', pinned: multiplier, now: when });
      else changes.push({ what: 'scaled UI multiplier', pinned: acceptedMultiplier, now: inForceAccepted ? when : multiplier });
    } else if (!inForceAccepted) {
      changes.push({ what: 'scaled UI multiplier', pinned: acceptedMultiplier, now: multiplier });
    }
  }

  const approve = mint.confidentialTransferMint?.autoApproveNewAccounts ?? null;
  if (entry.confidentialAutoApprove !== null && approve !== null && approve !== entry.confidentialAutoApprove) {
    notices.push({ what: 'confidential transfer auto approve', pinned: entry.confidentialAutoApprove ? 'on' : 'off', now: approve ? 'on' : 'off' });
  }

  // The issuer's own keys behind the roles it still holds as reviewed.
  const seen = new Set<string>();
  for (const holder of Object.values(entry.roles)) {
    if (holder === null || holder === undefined || seen.has(holder)) continue;
    seen.add(holder);
    const key = keys[holder];
    if (!key) continue;
    let found = keyResults.get(holder);
    if (!found) keyResults.set(holder, (found = compareIssuerKey(holder, key, keys, accounts, sha256)));
    changes.push(...found);
  }
  return { changes, notices, mintPaused, multiplier, next, mint };
}

/** The accounts the comparison needs beside the mints: each issuer key, and a program's data account. */
export function issuerKeyAccounts(address: string, key: IssuerKey): string[] {
  switch (key.kind) {
    case 'wallet':
    case 'multisig':
      return [address];
    case 'program':
      return [address, key.programData];
    case 'program-address':
      return [];
  }
}

function compareIssuerKey(
  address: string,
  key: IssuerKey,
  keys: Readonly<Record<string, IssuerKey>>,
  accounts: ReadonlyMap<string, ChainAccountView | null>,
  sha256: (bytes: Uint8Array) => string,
): Difference[] {
  const account = accounts.get(address) ?? null;
  switch (key.kind) {
    case 'wallet': {
      if (account === null || (account.owner === SYSTEM_PROGRAM && account.data.length === 0)) return [];
      const now = account.owner === SYSTEM_PROGRAM ? `a system account holding ${account.data.length} bytes of data` : `an account of program ${account.owner}`;
      return [{ what: `wallet ${address}`, pinned: 'plain wallet', now }];
    }
    case 'multisig': {
      const multisig = account ? decodeSplMultisig(account) : null;
      const pinnedShape = `${key.threshold} of ${key.members.length}`;
      if (!multisig) return [{ what: `multisig ${address}`, pinned: pinnedShape, now: account ? 'no longer a multisig' : 'no account (closed)' }];
      const out: Difference[] = [];
      if (multisig.threshold !== key.threshold) out.push({ what: `multisig ${address} threshold`, pinned: pinnedShape, now: `${multisig.threshold} of ${multisig.members.length}` });
      const members = (list: readonly string[]) => [...list].sort().join(', ');
      if (members(multisig.members) !== members(key.members)) out.push({ what: `multisig ${address} members`, pinned: members(key.members), now: members(multisig.members) });
      return out;
    }
    case 'program-address': {
      const program = keys[key.program];
      return program ? compareIssuerKey(key.program, program, keys, accounts, sha256) : [];
    }
    case 'program': {
      const program = account ? decodeUpgradeableProgram(account) : null;
      const data = program ? (accounts.get(program.programData) ?? null) : null;
      const deployed = data ? decodeProgramData(data) : null;
      if (!program || !deployed) return [{ what: `program ${address}`, pinned: `upgradeable program deployed at slot ${key.deployedSlot}`, now: account ? 'no longer an upgradeable program' : 'no account (closed)' }];
      const out: Difference[] = [];
      if (deployed.upgradeAuthority !== key.upgradeAuthority) {
        out.push({ what: `program ${address} upgrade authority`, pinned: key.upgradeAuthority ?? 'none (immutable)', now: deployed.upgradeAuthority ?? 'none (immutable)' });
      }
      const hash = sha256(deployed.executable);
      if (String(deployed.slot) !== key.deployedSlot || hash !== key.sha256) {
        out.push({ what: `program ${address} redeploy`, pinned: `deployed at slot ${key.deployedSlot} (sha256 ${key.sha256.slice(0, 16)}…)`, now: `deployed at slot ${deployed.slot} (sha256 ${hash.slice(0, 16)}…)` });
      }
      return out;
    }
  }
}
