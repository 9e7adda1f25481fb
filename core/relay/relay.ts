import type { Address, Signature } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import { LISTING_RULES } from '../config/listing-rules.js';
import type { NetworkProfile } from '../config/profile.js';
import { DeskError, isDeskError } from '../errors.js';
import type { Build } from '../engine/build.js';
import { readLookupTable } from '../engine/world.js';
import { describeTransactionError } from '../chain/transaction-errors.js';
import { resolveTransaction, type ResolvedTransaction } from '../verify/message.js';
import { differenceFromBuilt, signatureProblem, type WalletAdditionRules } from '../verify/signed-build.js';
import type { BuildLedger, LedgerBuild, SentTransaction } from './store/build-ledger.js';

export interface RelayResult {
  readonly buildId: string;
  /** In build order, each confirmed. */
  readonly signatures: readonly Signature[];
}

const refused = (message: string) => new DeskError('refused', message);
/** A chain's refusal in its own (validator's) words; anything else is not shown, only that the chain did not answer. */
const chainWords = (error: unknown) => (isDeskError(error) ? error.message : 'the chain did not answer');
/** A sent transaction not confirmed within this is reported (its blockhash lives about 90 s). */
const CONFIRM_TIMEOUT_MS = 120_000;

/**
 * The relay (spec "POST /v1/tx/send"): sends only what the engine built. Each signed transaction is
 * checked against the ledger's copy (core/verify: equal but for allowed wallet additions), every
 * signature is verified, the blockhash must still be alive, and the build must not have been sent
 * before; only then are the transactions sent in order, each confirmed before the next. Anything else
 * answers `refused` and nothing leaves. A planting is handed to the index as soon as it is confirmed.
 */
/**
 * The built transaction resolved, once per wire and lookup tables (a frozen table is read once, so its
 * addresses are the same array each time): a build is checked again on every attempt to send it.
 */
const resolvedBuilds = new WeakMap<Uint8Array, { tables: ReadonlyMap<Address, readonly Address[]>; resolved: ResolvedTransaction }>();
function resolvedBuilt(wire: Uint8Array, tables: ReadonlyMap<Address, readonly Address[]>): ResolvedTransaction {
  const known = resolvedBuilds.get(wire);
  if (known && known.tables.size === tables.size && [...tables].every(([address, entries]) => known.tables.get(address) === entries)) return known.resolved;
  const resolved = resolveTransaction(wire, tables);
  resolvedBuilds.set(wire, { tables, resolved });
  return resolved;
}

export class Relay {
  private readonly rules: WalletAdditionRules;

  constructor(
    private readonly chain: Chain,
    private readonly ledger: BuildLedger,
    profile: NetworkProfile,
    private readonly onPlanted: (signatures: readonly Signature[]) => Promise<void> = async () => {},
    private readonly now: () => number = Date.now,
  ) {
    this.rules = { maxPriorityLamports: LISTING_RULES.maxPriorityLamports, assertionPrograms: profile.balanceAssertionPrograms ?? [] };
  }

  /** Every build is recorded before it is answered. */
  async record(build: Build): Promise<void> {
    await this.ledger.record(build);
  }

  /** A build this server (or, on a shared ledger, another replica) answered: the desk's review reads it back by id; null if none. */
  async build(buildId: string): Promise<LedgerBuild | null> {
    return this.ledger.get(buildId);
  }

  /** What the relay sent under this signature, if it did (GET /v1/tx/{signature} before the chain shows it). */
  async sentTransaction(signature: Signature): Promise<SentTransaction | null> {
    return this.ledger.sentTransaction(signature);
  }

  private async tablesFor(addresses: readonly Address[]): Promise<ReadonlyMap<Address, readonly Address[]>> {
    return new Map(await Promise.all(addresses.map(async (address) => [address, await readLookupTable(this.chain, address)] as const)));
  }

  /** Checks one signed transaction against its build; answers it resolved, or refuses in words. */
  async check(build: LedgerBuild, index: number, signed: Uint8Array): Promise<ResolvedTransaction> {
    const built = build.transactions[index]!;
    const label = build.transactions.length > 1 ? `transaction ${index + 1} of ${build.transactions.length}` : 'the transaction';
    const tables = await this.tablesFor(built.lookupTables);
    const mine = resolvedBuilt(built.wire, tables);
    let theirs: ResolvedTransaction;
    try {
      theirs = resolveTransaction(signed, tables);
    } catch (error) {
      // The wire was read by hand before (relay/signed-input): what is left is a lookup the cluster does not hold, said in words.
      throw refused(`${label} cannot be read: ${error instanceof Error ? error.message : 'its bytes are not a transaction'}`);
    }
    const difference = differenceFromBuilt(mine, theirs, this.rules);
    if (difference) throw refused(`${label} is not the one built: ${difference}; nothing was sent`);
    const signature = await signatureProblem(theirs);
    if (signature) throw refused(`${label} is not signed as it must be: ${signature}; nothing was sent`);
    return theirs;
  }

  async send(buildId: string, signed: readonly Uint8Array[]): Promise<RelayResult> {
    const build = await this.ledger.get(buildId);
    if (!build) throw new DeskError('not_found', `no build ${buildId} (builds are kept by this app for a week; build again)`);
    if (build.state !== 'built') throw refused(`build ${buildId} was sent before (a build is sent once); build again to trade again`);
    if (signed.length !== build.transactions.length) {
      throw refused(`build ${buildId} has ${build.transactions.length} transaction(s); ${signed.length} were sent`);
    }
    for (let i = 0; i < signed.length; i++) await this.check(build, i, signed[i]!);
    const height = await this.chain.getBlockHeight('confirmed');
    const last = build.transactions[0]!.lastValidBlockHeight;
    if (height > last) throw refused(`build ${buildId} expired: its blockhash was valid until block ${last} and the chain is at ${height}; build again`);
    if (!(await this.ledger.claim(buildId, this.now()))) throw refused(`build ${buildId} was sent before (a build is sent once); build again to trade again`);
    const signatures: Signature[] = [];
    for (let i = 0; i < signed.length; i++) {
      const tx = build.transactions[i]!;
      let signature: Signature;
      try {
        signature = await this.chain.send(signed[i]!);
      } catch (error) {
        if (signatures.length === 0) await this.ledger.release(buildId);
        else await this.ledger.progress(buildId, signatures, 'failed', chainWords(error));
        if (isDeskError(error, 'blockhash_expired')) throw refused(`build ${buildId} expired before it could be sent; build again`);
        throw refused(`the chain refused ${signed.length > 1 ? `transaction ${i + 1}` : 'the transaction'}: ${chainWords(error)}`);
      }
      signatures.push(signature);
      await this.ledger.progress(buildId, signatures, null);
      const status = await this.chain.confirm(signature, { lastValidBlockHeight: tx.lastValidBlockHeight, timeoutMs: CONFIRM_TIMEOUT_MS }).catch(async (error: unknown) => {
        await this.ledger.progress(buildId, signatures, 'failed', chainWords(error));
        throw refused(`${signature} was sent but not confirmed: ${chainWords(error)}`);
      });
      if (status.err !== null) {
        const why = describeTransactionError(status.err);
        await this.ledger.progress(buildId, signatures, 'failed', why);
        throw refused(`${signature} landed but failed: ${why}`);
      }
    }
    await this.ledger.progress(buildId, signatures, 'sent');
    if (build.kind === 'plant') await this.onPlanted(signatures);
    return { buildId, signatures };
  }
}
