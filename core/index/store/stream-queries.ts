import type Database from 'better-sqlite3';
import type { Address } from '@solana/kit';
import { candleRowOf, tradeRowOf, type CandleRow, type CoinRow, type GraduationRow, type TradeRow } from './index-rows.js';
import { camel, type Row } from './rows.js';

/** A trade as the stream sends it: its row and the index position (the seq) of its transaction. */
export interface PositionedTrade {
  readonly seq: bigint;
  readonly kind: 'coin' | 'native';
  readonly trade: TradeRow;
}

/**
 * What the index took in between two positions, for the push stream (core/api/stream). A position is a
 * transaction's `seq` in `processed`: the order the index applied them in, gapless and never reused, so
 * "everything after position P" is exact: a client that resumes from the last position it saw gets
 * neither a gap nor a duplicate. Listed coins only, as the reads (a hidden coin never appears).
 */
export class StreamQueries {
  private readonly statements;

  constructor(
    db: Database.Database,
    private readonly coinOf: (mint: Address) => CoinRow | null,
    private readonly graduationOf: (mint: Address) => GraduationRow | null,
  ) {
    const s = (sql: string) => db.prepare(sql).safeIntegers(true);
    this.statements = {
      position: s('SELECT COALESCE(MAX(seq), 0) AS seq FROM processed'),
      trades: s(`SELECT t.*, c.kind AS coin_kind FROM trades t JOIN coins c ON c.mint = t.mint AND c.listed = 1
        WHERE t.seq > @after AND t.seq <= @upTo ORDER BY t.seq, t.position`),
      planted: s(`SELECT p.seq, c.mint FROM processed p JOIN coins c ON c.created_signature = p.signature AND c.listed = 1 AND c.kind = 'coin'
        WHERE p.seq > @after AND p.seq <= @upTo ORDER BY p.seq`),
      graduated: s(`SELECT p.seq, g.mint FROM processed p JOIN graduations g ON g.signature = p.signature JOIN coins c ON c.mint = g.mint AND c.listed = 1 AND c.kind = 'coin'
        WHERE p.seq > @after AND p.seq <= @upTo ORDER BY p.seq`),
      candle: s('SELECT bucket, open, high, low, close, volume_zec, trades FROM candles WHERE mint = ? AND interval = ? AND bucket = ?'),
    };
  }

  /** The index's position now: the last transaction it applied (0 before the first). */
  position(): bigint {
    return (this.statements.position.get() as { seq: bigint }).seq;
  }

  /** Trades of listed coins (the native coin's routed rows included) applied in (after, upTo], in order. */
  trades(after: bigint, upTo: bigint): PositionedTrade[] {
    return (this.statements.trades.all({ after, upTo }) as Row[]).map((row) => {
      const { seq, position: _position, coinKind, ...t } = camel(row);
      return { seq: seq as bigint, kind: coinKind as 'coin' | 'native', trade: tradeRowOf(t) };
    });
  }

  /** Listed coins planted in (after, upTo], as they read now. */
  planted(after: bigint, upTo: bigint): { seq: bigint; coin: CoinRow }[] {
    return (this.statements.planted.all({ after, upTo }) as { seq: bigint; mint: Address }[]).flatMap((r) => {
      const coin = this.coinOf(r.mint);
      return coin ? [{ seq: r.seq, coin }] : [];
    });
  }

  /** Listed coins that graduated in (after, upTo], with their graduation. */
  graduated(after: bigint, upTo: bigint): { seq: bigint; coin: CoinRow; graduation: GraduationRow }[] {
    return (this.statements.graduated.all({ after, upTo }) as { seq: bigint; mint: Address }[]).flatMap((r) => {
      const coin = this.coinOf(r.mint);
      const graduation = this.graduationOf(r.mint);
      return coin && graduation ? [{ seq: r.seq, coin, graduation }] : [];
    });
  }

  /** One candle as it stands now; null when the bucket has none. */
  candle(mint: Address, interval: bigint, bucket: bigint): CandleRow | null {
    const row = this.statements.candle.get(mint, interval, bucket) as Row | undefined;
    return row ? candleRowOf(row) : null;
  }
}
