import type Database from 'better-sqlite3';
import type { Address, Signature } from '@solana/kit';
import type { CoinBook } from './coin-book.js';
import type { FeeFact } from './facts.js';
import type { FeeEventKind } from './index-rows.js';
import type { RunRows } from './run-rows.js';

const HOLDERS_ADDRESS = null;

/**
 * The index's fee facts as the write path keeps them: each coin's vault totals (coin_fees, added to), each
 * movement of its vault as a fee_events row, a payee change on the coin's row, and a holder-reward run's
 * events through the runs' rows (run-rows.ts). Written as each fact is applied, inside the batch's SQLite
 * transaction; a coin the index does not hold has no fee facts.
 */
export class FeeBook {
  private readonly statements;

  constructor(
    db: Database.Database,
    /** The coins' rows: whether the index holds a coin, and the native coin's ZEC rate. */
    private readonly coins: CoinBook,
    private readonly runs: RunRows,
  ) {
    const s = (sql: string) => db.prepare(sql).safeIntegers(true);
    this.statements = {
      setPayee: s('UPDATE coins SET payee_kind = @payeeKind, payee = @payee WHERE mint = @mint'),
      addFees: s(`INSERT INTO coin_fees (mint, split_zec, to_lp_zec, rootstock_zec, treasury_zec, payee_zec, paid_out_zec, native_claimed, native_burned, native_to_lp, native_converted, native_converted_zec)
        VALUES (@mint, @split, @toLp, @rootstock, @treasury, @payee, @paidOut, @nClaimed, @nBurned, @nToLp, @nConverted, @nConvertedZec)
        ON CONFLICT (mint) DO UPDATE SET split_zec = coin_fees.split_zec + @split, to_lp_zec = coin_fees.to_lp_zec + @toLp, rootstock_zec = coin_fees.rootstock_zec + @rootstock,
        treasury_zec = coin_fees.treasury_zec + @treasury, payee_zec = coin_fees.payee_zec + @payee, paid_out_zec = coin_fees.paid_out_zec + @paidOut, native_claimed = coin_fees.native_claimed + @nClaimed,
        native_burned = coin_fees.native_burned + @nBurned, native_to_lp = coin_fees.native_to_lp + @nToLp, native_converted = coin_fees.native_converted + @nConverted,
        native_converted_zec = coin_fees.native_converted_zec + @nConvertedZec`),
      insertFeeEvent: s(`INSERT INTO fee_events (seq, position, signature, slot, at, mint, kind, amount, zec, party, run)
        VALUES (@seq, @position, @signature, @slot, @at, @mint, @kind, @amount, @zec, @party, @run)`),
    };
  }

  apply(fact: FeeFact, at: { signature: Signature; slot: bigint; at: bigint; seq: bigint; position: number }): void {
    const st = this.statements;
    if (this.coins.info(fact.mint) === null) return;
    const zero = { split: 0n, toLp: 0n, rootstock: 0n, treasury: 0n, payee: 0n, paidOut: 0n, nClaimed: 0n, nBurned: 0n, nToLp: 0n, nConverted: 0n, nConvertedZec: 0n };
    // Several rows of one fact share its position: the second and later get sub-positions after it.
    let sub = 0;
    const event = (kind: FeeEventKind, amount: bigint, zec: bigint, party: Address | null = null, run: number | null = null) =>
      st.insertFeeEvent.run({ ...at, position: at.position * 8 + sub++, mint: fact.mint, kind, amount, zec, party, run });
    switch (fact.kind) {
      case 'run-opened':
        if (this.runs.apply(fact, at)) event('run-open', fact.total, fact.total, null, fact.run);
        break;
      case 'run-paid':
        // A holder's share is paid out of the coin's fee account as surely as a claim is.
        if (this.runs.apply(fact, at)) {
          st.addFees.run({ ...zero, mint: fact.mint, paidOut: fact.share });
          event('run-pay', fact.share, fact.share, fact.holder, fact.run);
        }
        break;
      case 'run-closed':
        if (this.runs.apply(fact, at)) event('run-close', fact.dust, fact.dust, null, fact.run);
        break;
      case 'liquidity-added':
        event('liquidity', fact.base, fact.quote, fact.pool);
        break;
      case 'split':
        st.addFees.run({ ...zero, mint: fact.mint, split: fact.amount, toLp: fact.liquidity, rootstock: fact.rootstock, treasury: fact.treasury, payee: fact.payee });
        event('split', fact.amount, fact.amount);
        break;
      case 'payout':
        st.addFees.run({ ...zero, mint: fact.mint, paidOut: fact.amount });
        event('payout', fact.amount, fact.amount, fact.payee);
        break;
      case 'payee-changed':
        st.setPayee.run({ mint: fact.mint, payeeKind: fact.payeeKind, payee: fact.payee ?? HOLDERS_ADDRESS });
        event('payee', 0n, 0n, fact.payee);
        break;
      case 'native-collected':
        st.addFees.run({ ...zero, mint: fact.mint, nClaimed: fact.amount });
        event('collect', fact.amount, this.coins.nativeToZec(fact.amount));
        break;
      case 'native-split': {
        // What moved in the native coin, valued at the split's own conversion rate; the ZEC parts as paid.
        const valued = (x: bigint) => (fact.converted === 0n ? this.coins.nativeToZec(x) : (x * fact.convertedZec) / fact.converted);
        st.addFees.run({
          ...zero,
          mint: fact.mint,
          split: valued(fact.collected),
          toLp: valued(fact.toLp),
          rootstock: valued(fact.burned),
          treasury: fact.treasuryZec,
          payee: fact.payeeZec,
          nBurned: fact.burned,
          nToLp: fact.toLp,
          nConverted: fact.converted,
          nConvertedZec: fact.convertedZec,
        });
        event('burn', fact.burned, valued(fact.burned));
        event('to-lp', fact.toLp, valued(fact.toLp));
        event('conversion', fact.converted, fact.convertedZec);
        break;
      }
    }
  }
}
