import type Database from 'better-sqlite3';
import type { Address } from '@solana/kit';
import { balanceAfter, holdingMoved } from '../holding.js';
import { LAUNCH_SLOTS, SNIPER_SLOTS, TOP_HOLDERS } from '../../types/risk-figures.js';
import type { FunderBook } from './funder-book.js';

/** What the book needs to know of a planted coin: when it was created and by whom. */
export interface HoldingCoin {
  /** A launchpad planting (not the native coin): only those keep risk figures. */
  readonly planted: boolean;
  readonly createdSlot: bigint;
  readonly deployer: string;
}

interface HoldingState {
  balance: bigint;
  cost: bigint;
  realised: bigint;
  /** HOLDING_TAGS, set once at the wallet's first buy (a row made by a transfer in has none). */
  tags: number;
  /** No row yet, in the table or this batch: the next buy sets its tags. */
  fresh: boolean;
}
/** holdings.tags: how a wallet first bought a planted coin (core/types/risk-figures.ts). */
const HOLDING_TAGS = { sniper: 1, bundle: 2, fresh: 4, deployer: 8 } as const;
/** A planted coin's risk figures as folded by a batch (the coin_risk row). */
interface RiskState {
  holders: bigint;
  deployerHeld: bigint;
  deployerBought: bigint;
  deployerSold: bigint;
  snipers: bigint;
  sniperHeld: bigint;
  bundled: bigint;
  bundleHeld: bigint;
  fresh: bigint;
  freshHeld: bigint;
}
/** One holding's upsert for a batch: the state after its trades, their volume, the first one's slot and time. */
interface PendingHolding {
  readonly mint: Address;
  readonly wallet: Address;
  readonly state: HoldingState;
  zec: bigint;
  readonly slot: bigint;
  readonly at: bigint;
}

/**
 * The index's holdings and the risk figures they feed, as the write path folds them: each holding at average
 * cost with its tags, each planted coin's figures (core/types/risk-figures.ts), and the moves outside trades.
 * A batch folds into memory; `flush` writes what it touched inside the batch's SQLite transaction. The store
 * (index-store.ts) calls it for each trade and balance change; nothing else writes these tables.
 */
export class HoldingBook {
  private readonly holdingStates = new Map<string, HoldingState>();
  private readonly pendingHoldings = new Map<string, PendingHolding>();
  /** Planted coins' risk figures as committed or folded by this batch, and the coins this batch changed. */
  private readonly riskStates = new Map<string, RiskState>();
  private readonly pendingRisk = new Map<string, RiskState>();
  private readonly st;

  constructor(
    db: Database.Database,
    /** false: no risk figures kept (their rows stay zero), only to measure what keeping them costs. */
    private readonly keepsRisk: boolean,
    /** Where a launch's early buys go, for the bundles their funders reveal later. */
    private readonly funders: FunderBook,
  ) {
    const s = (sql: string) => db.prepare(sql).safeIntegers(true);
    this.st = {
      holding: s('SELECT balance, cost_basis_zec, realised_pnl_zec, tags FROM holdings WHERE mint = ? AND wallet = ?'),
      // One per holding a batch touched: its state after the batch, the batch's volume added, first seen at the batch's first trade.
      putHolding: s(`INSERT INTO holdings (mint, wallet, balance, cost_basis_zec, realised_pnl_zec, volume_zec, first_seen_slot, first_seen_at, tags)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (mint, wallet) DO UPDATE SET balance = excluded.balance, cost_basis_zec = excluded.cost_basis_zec,
        realised_pnl_zec = excluded.realised_pnl_zec, volume_zec = holdings.volume_zec + excluded.volume_zec, tags = excluded.tags`),
      insertMove: s('INSERT INTO moves (seq, position, slot, mint, wallet, delta) VALUES (?, ?, ?, ?, ?, ?)'),
      isTrader: s('SELECT 1 FROM traders WHERE wallet = ?'),
      risk: s('SELECT * FROM coin_risk WHERE mint = ?'),
      putRisk: s(`UPDATE coin_risk SET holders = ?, deployer_held = ?, deployer_bought = ?, deployer_sold = ?, snipers = ?, sniper_held = ?,
        bundled = ?, bundle_held = ?, fresh = ?, fresh_held = ? WHERE mint = ?`),
      // The ten largest holdings together, read off the (mint, balance DESC) index once per batch and coin.
      putTop10: s(`UPDATE coin_risk SET top10_held = (SELECT COALESCE(SUM(balance), 0) FROM
        (SELECT balance FROM holdings WHERE mint = @mint AND balance > 0 ORDER BY balance DESC LIMIT ${TOP_HOLDERS}) AS top) WHERE mint = @mint`),
    };
  }

  /**
   * A trade's holding at average cost: a buy adds its ZEC to the cost basis; a sale takes out the basis of the
   * tokens sold (pro rata, floored) and realises the difference.
   */
  trade(coin: HoldingCoin, mint: Address, wallet: Address, side: 'buy' | 'sell', tokens: bigint, zec: bigint, slot: bigint, at: bigint): void {
    const key = `${mint} ${wallet}`;
    const held = this.state(key, mint, wallet);
    const after = balanceAfter(held.balance, side, tokens);
    if (side === 'buy') held.cost += zec;
    else {
      const basis = held.balance === 0n ? 0n : (held.cost * after.sold) / held.balance;
      held.cost -= basis;
      held.realised += zec - basis;
    }
    if (coin.planted && this.keepsRisk) {
      const risk = this.riskState(mint);
      if (held.fresh && side === 'buy') this.tagFirstBuy(coin, risk, held, mint, wallet, slot, at);
      if (wallet === coin.deployer) {
        if (side === 'buy') risk.deployerBought += tokens;
        else risk.deployerSold += after.sold;
      }
      this.riskOnChange(risk, held, after.balance);
    }
    held.fresh = false;
    held.balance = after.balance;
    const pending = this.pendingHoldings.get(key);
    if (pending === undefined) this.pendingHoldings.set(key, { mint, wallet, state: held, zec, slot, at });
    else pending.zec += zec;
  }

  /**
   * A holder's balance change outside its trades (a plain transfer, a burn, an account closed), as the
   * chain's token balances say it (core/index/holding.ts holdingMoved), kept for replays at a past slot.
   */
  move(mint: Address, wallet: Address, delta: bigint, slot: bigint, at: bigint, seq: bigint, position: number): void {
    const key = `${mint} ${wallet}`;
    const held = this.state(key, mint, wallet);
    const after = holdingMoved(held, delta);
    if (this.keepsRisk) this.riskOnChange(this.riskState(mint), held, after.balance);
    held.fresh = false;
    held.balance = after.balance;
    held.cost = after.cost;
    this.st.insertMove.run(seq, position, slot, mint, wallet, delta);
    if (!this.pendingHoldings.has(key)) this.pendingHoldings.set(key, { mint, wallet, state: held, zec: 0n, slot, at });
  }

  /**
   * A launch buyer found to be part of a bundle after its first buy, once its funder was known
   * (funder-book.ts): tagged, and its coin's figures count it and what it holds now. Answers false when it was
   * tagged already (a creation-slot buyer) or is the deployer.
   */
  tagBundle(mint: Address, wallet: Address, slot: bigint, at: bigint): boolean {
    if (!this.keepsRisk) return false;
    const key = `${mint} ${wallet}`;
    const held = this.state(key, mint, wallet);
    if (held.tags & (HOLDING_TAGS.bundle | HOLDING_TAGS.deployer)) return false;
    held.tags |= HOLDING_TAGS.bundle;
    const risk = this.riskState(mint);
    risk.bundled += 1n;
    risk.bundleHeld += held.balance;
    held.fresh = false;
    if (!this.pendingHoldings.has(key)) this.pendingHoldings.set(key, { mint, wallet, state: held, zec: 0n, slot, at });
    return true;
  }

  /** A holding's balance as this batch has it (committed, or folded since). */
  balance(mint: Address, wallet: Address): bigint {
    return this.state(`${mint} ${wallet}`, mint, wallet).balance;
  }

  /** Writes what the batch folded (inside its SQLite transaction). */
  flush(): void {
    for (const h of this.pendingHoldings.values()) this.st.putHolding.run(h.mint, h.wallet, h.state.balance, h.state.cost, h.state.realised, h.zec, h.slot, h.at, h.state.tags);
    this.pendingHoldings.clear();
    for (const [mint, r] of this.pendingRisk) {
      this.st.putRisk.run(r.holders, r.deployerHeld, r.deployerBought, r.deployerSold, r.snipers, r.sniperHeld, r.bundled, r.bundleHeld, r.fresh, r.freshHeld, mint);
      this.st.putTop10.run({ mint });
    }
    this.pendingRisk.clear();
  }

  /** Past `max` holdings or coins in memory, starts over (a bound, not a tuning). */
  bound(max: number): void {
    if (this.holdingStates.size > max) this.holdingStates.clear();
    if (this.riskStates.size > max) this.riskStates.clear();
  }

  /** Forgets everything in memory (a rolled-back batch: what it read or meant to write is no longer the file's). */
  forget(): void {
    this.holdingStates.clear();
    this.pendingHoldings.clear();
    this.riskStates.clear();
    this.pendingRisk.clear();
  }

  private state(key: string, mint: Address, wallet: Address): HoldingState {
    let held = this.holdingStates.get(key);
    if (held === undefined) {
      const row = this.st.holding.get(mint, wallet) as { balance: bigint; cost_basis_zec: bigint; realised_pnl_zec: bigint; tags: bigint } | undefined;
      held = { balance: row?.balance ?? 0n, cost: row?.cost_basis_zec ?? 0n, realised: row?.realised_pnl_zec ?? 0n, tags: Number(row?.tags ?? 0n), fresh: row === undefined };
      this.holdingStates.set(key, held);
    }
    return held;
  }

  private riskState(mint: Address): RiskState {
    let risk = this.pendingRisk.get(mint) ?? this.riskStates.get(mint);
    if (risk === undefined) {
      const row = this.st.risk.get(mint) as Record<string, bigint> | undefined;
      const n = (k: string) => row?.[k] ?? 0n;
      risk = {
        holders: n('holders'), deployerHeld: n('deployer_held'), deployerBought: n('deployer_bought'), deployerSold: n('deployer_sold'), snipers: n('snipers'),
        sniperHeld: n('sniper_held'), bundled: n('bundled'), bundleHeld: n('bundle_held'), fresh: n('fresh'), freshHeld: n('fresh_held'),
      };
      this.riskStates.set(mint, risk);
    }
    this.pendingRisk.set(mint, risk);
    return risk;
  }

  /**
   * A wallet's first buy of a planted coin says what kind of buyer it is (core/types/risk-figures.ts): the
   * deployer, a sniper (within SNIPER_SLOTS of the creation), part of a bundle (in the creation slot itself; later in the launch see below),
   * a fresh wallet (no trade of a listed coin before, as the index saw). A first buy later in the launch is
   * kept for its funder (funder-book.ts): it may still join a bundle (tagBundle). No tag is ever taken back.
   */
  private tagFirstBuy(coin: HoldingCoin, risk: RiskState, held: HoldingState, mint: Address, wallet: Address, slot: bigint, at: bigint): void {
    if (wallet === coin.deployer) {
      held.tags = HOLDING_TAGS.deployer;
      return;
    }
    let tags = 0;
    if (slot - coin.createdSlot < SNIPER_SLOTS) {
      tags |= HOLDING_TAGS.sniper;
      risk.snipers += 1n;
    }
    if (slot === coin.createdSlot) {
      tags |= HOLDING_TAGS.bundle;
      risk.bundled += 1n;
    } else if (slot - coin.createdSlot < LAUNCH_SLOTS) {
      // Funders known already (wallets of an earlier launch): a bundle is found as it lands.
      for (const other of this.funders.earlyBuy(mint, wallet, slot)) {
        if (other !== wallet) this.tagBundle(mint, other, slot, at);
        else {
          tags |= HOLDING_TAGS.bundle;
          risk.bundled += 1n;
        }
      }
    }
    if (this.st.isTrader.get(wallet) === undefined) {
      tags |= HOLDING_TAGS.fresh;
      risk.fresh += 1n;
    }
    held.tags = tags;
  }

  /** A planted coin's figures after one of its holdings moved from its balance now to `balance`. */
  private riskOnChange(risk: RiskState, held: HoldingState, balance: bigint): void {
    const delta = balance - held.balance;
    if (delta === 0n) return;
    if (held.balance === 0n) risk.holders += 1n;
    else if (balance === 0n) risk.holders -= 1n;
    if (held.tags & HOLDING_TAGS.deployer) risk.deployerHeld += delta;
    if (held.tags & HOLDING_TAGS.sniper) risk.sniperHeld += delta;
    if (held.tags & HOLDING_TAGS.bundle) risk.bundleHeld += delta;
    if (held.tags & HOLDING_TAGS.fresh) risk.freshHeld += delta;
  }
}
