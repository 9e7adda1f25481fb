import type Database from 'better-sqlite3';
import type { Address, Signature } from '@solana/kit';
import type { RunFact } from './facts.js';
import { camel, type Row } from './rows.js';
import type { ReadPort } from './read-port.js';

/** A holder-reward run as the vault's events told it. `address` (the RewardRun account) is its id. */
export interface RewardRunRow {
  readonly mint: Address;
  readonly run: number;
  readonly address: Address;
  readonly snapshotSlot: bigint;
  readonly total: bigint;
  readonly paid: bigint;
  readonly recipients: number;
  readonly paidRecipients: number;
  /** Returned to the fee account at close (null while open). */
  readonly dust: bigint | null;
  readonly state: 'paying' | 'closed';
  readonly openedSignature: Signature;
  readonly openedSlot: bigint;
  readonly openedAt: bigint;
  readonly closedSignature: Signature | null;
  readonly closedSlot: bigint | null;
  readonly closedAt: bigint | null;
}

export interface RunPaymentRow {
  readonly holder: Address;
  readonly share: bigint;
  readonly signature: Signature;
  readonly slot: bigint;
  readonly at: bigint;
}

type Landed = Readonly<{ signature: Signature; slot: bigint; at: bigint }>;

/** What the service's runs need to know of a listed coin, from the index alone. */
export interface CoinRunFacts {
  readonly mint: Address;
  readonly pair: 'zec' | 'native' | 'other';
  readonly stage: 'curve' | 'complete' | 'pool';
  readonly payeeKind: 'wallet' | 'holders' | null;
  readonly payee: Address | null;
  /** A trade paid a creator fee after the vault last collected this coin's fees (split or collect_native). */
  readonly feesSinceCollect: boolean;
  /** The payee's share not paid out yet (zat): what waits in the coin's fee account. */
  readonly waitingZec: bigint;
}

/**
 * The index's rows of holder-reward runs (reward_runs, run_payments), written by IndexStore inside its
 * transaction of the landed transaction; read by RunReads. A payment is keyed by (coin, run, holder): the
 * program pays a holder once per run, so a row can never be written twice.
 */
export class RunRows {
  private readonly statements;

  constructor(db: Database.Database) {
    const s = (sql: string) => db.prepare(sql).safeIntegers(true);
    this.statements = {
      open: s(`INSERT OR IGNORE INTO reward_runs (mint, run, address, snapshot_slot, total, recipients, opened_signature, opened_slot, opened_at)
        VALUES (@mint, @run, @address, @snapshotSlot, @total, @recipients, @signature, @slot, @at)`),
      pay: s('INSERT OR IGNORE INTO run_payments (mint, run, holder, share, signature, slot, at) VALUES (@mint, @run, @holder, @share, @signature, @slot, @at)'),
      addPaid: s('UPDATE reward_runs SET paid = paid + @share, paid_recipients = paid_recipients + 1 WHERE mint = @mint AND run = @run'),
      close: s('UPDATE reward_runs SET dust = @dust, closed_signature = @signature, closed_slot = @slot, closed_at = @at WHERE mint = @mint AND run = @run'),
    };
  }

  /** Applies one run fact of a landed transaction; answers whether it changed anything (a repeat does not). */
  apply(fact: RunFact, at: Landed): boolean {
    const st = this.statements;
    switch (fact.kind) {
      case 'run-opened':
        return st.open.run({ mint: fact.mint, run: fact.run, address: fact.address, snapshotSlot: fact.snapshotSlot, total: fact.total, recipients: fact.recipients, ...at }).changes > 0;
      case 'run-paid': {
        const added = st.pay.run({ mint: fact.mint, run: fact.run, holder: fact.holder, share: fact.share, ...at }).changes > 0;
        if (added) st.addPaid.run({ mint: fact.mint, run: fact.run, share: fact.share });
        return added;
      }
      case 'run-closed':
        return st.close.run({ mint: fact.mint, run: fact.run, dust: fact.dust, ...at }).changes > 0;
    }
  }
}

/** The runs' reads, on either store (read-port.ts). */
export class RunReads {
  private readonly statements;

  constructor(port: ReadPort) {
    const s = <R = Row>(sql: string) => port.rows<R>(sql);
    this.statements = {
      runsOf: s('SELECT * FROM reward_runs WHERE mint = ? ORDER BY run DESC LIMIT ? OFFSET ?'),
      lastRun: s('SELECT * FROM reward_runs WHERE mint = ? ORDER BY run DESC LIMIT 1'),
      byAddress: s('SELECT * FROM reward_runs WHERE address = ?'),
      payments: s('SELECT holder, share, signature, slot, at FROM run_payments WHERE mint = ? AND run = ? ORDER BY share DESC, holder LIMIT ? OFFSET ?'),
      paidHolders: s<{ holder: Address }>('SELECT holder FROM run_payments WHERE mint = ? AND run = ?'),
      touched: s<{ mint: Address }>(`SELECT mint FROM trades WHERE seq > @seq AND routed = 0 UNION SELECT mint FROM fee_events WHERE seq > @seq
        UNION SELECT mint FROM coins WHERE stage = 'complete' AND kind = 'coin'`),
      // `CAST(@mint AS TEXT)`: PostgreSQL infers no type for a parameter first met in `IS NULL`.
      facts: s(`SELECT c.mint, c.pair, c.stage, c.payee_kind, c.payee,
          (SELECT MAX(t.seq) FROM trades t WHERE t.mint = c.mint AND t.routed = 0 AND t.creator_fee > 0) AS last_fee_trade,
          (SELECT MAX(f.seq) FROM fee_events f WHERE f.mint = c.mint AND f.kind IN ('split', 'collect')) AS last_collect,
          COALESCE(cf.payee_zec, 0) - COALESCE(cf.paid_out_zec, 0) AS waiting
        FROM coins c LEFT JOIN coin_fees cf ON cf.mint = c.mint WHERE c.kind = 'coin' AND c.listed = 1 AND (CAST(@mint AS TEXT) IS NULL OR c.mint = @mint)`),
    };
  }

  /** Coins whose trades or vault movements were applied after index position `seq`, and every completed curve. */
  async coinsTouchedSince(seq: bigint): Promise<Address[]> {
    return (await this.statements.touched.all({ seq })).map((r) => r.mint);
  }

  /** The run facts of one listed coin, or (no mint) of every listed coin. */
  async runFacts(mint: Address | null = null): Promise<CoinRunFacts[]> {
    return (await this.statements.facts.all({ mint })).map((row) => {
      const lastFee = row['last_fee_trade'] as bigint | null;
      const lastCollect = row['last_collect'] as bigint | null;
      return {
        mint: row['mint'] as Address,
        pair: row['pair'] as CoinRunFacts['pair'],
        stage: row['stage'] as CoinRunFacts['stage'],
        payeeKind: row['payee_kind'] as CoinRunFacts['payeeKind'],
        payee: row['payee'] as Address | null,
        feesSinceCollect: lastFee !== null && (lastCollect === null || lastFee > lastCollect),
        waitingZec: row['waiting'] as bigint,
      };
    });
  }

  /** A coin's runs, newest first. */
  async runsOf(mint: Address, limit: number, offset = 0): Promise<RewardRunRow[]> {
    return (await this.statements.runsOf.all(mint, limit, offset)).map(runRowOf);
  }

  async lastRunOf(mint: Address): Promise<RewardRunRow | null> {
    const row = await this.statements.lastRun.get(mint);
    return row ? runRowOf(row) : null;
  }

  /** One run by its id (the RewardRun account's address). */
  async run(address: Address): Promise<RewardRunRow | null> {
    const row = await this.statements.byAddress.get(address);
    return row ? runRowOf(row) : null;
  }

  /** A run's payments, largest share first. */
  async payments(mint: Address, run: number, limit: number, offset = 0): Promise<RunPaymentRow[]> {
    return (await this.statements.payments.all(mint, run, limit, offset)).map((row) => camel(row) as unknown as RunPaymentRow);
  }

  /** The holders a run has paid so far (what a resumed run must not pay again). */
  async paidHolders(mint: Address, run: number): Promise<Set<Address>> {
    return new Set((await this.statements.paidHolders.all(mint, run)).map((r) => r.holder));
  }
}

function runRowOf(row: Row): RewardRunRow {
  const r = camel(row) as Row & { run: bigint; recipients: bigint; paidRecipients: bigint; closedSignature: string | null };
  return { ...r, run: Number(r.run), recipients: Number(r.recipients), paidRecipients: Number(r.paidRecipients), state: r.closedSignature === null ? 'paying' : 'closed' } as unknown as RewardRunRow;
}
