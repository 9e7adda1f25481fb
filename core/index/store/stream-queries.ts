import type { Address } from '@solana/kit';
import { candleRowOf, tradeRowOf, type CandleRow, type CoinRow, type GraduationRow, type TradeRow } from './index-rows.js';
import { camel, type Row } from './rows.js';
import type { ReadPort } from './read-port.js';

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
    port: ReadPort,
    private readonly coinOf: (mint: Address) => Promise<CoinRow | null>,
    private readonly graduationOf: (mint: Address) => Promise<GraduationRow | null>,
  ) {
    const s = <R = Row>(sql: string) => port.rows<R>(sql);
    this.statements = {
      position: s<{ seq: bigint }>('SELECT COALESCE(MAX(seq), 0) AS seq FROM processed'),
      trades: s(`SELECT t.*, c.kind AS coin_kind FROM trades t JOIN coins c ON c.mint = t.mint AND c.listed = 1
        WHERE t.seq > @after AND t.seq <= @upTo ORDER BY t.seq, t.position`),
      planted: s<{ seq: bigint; mint: Address }>(`SELECT p.seq, c.mint FROM processed p JOIN coins c ON c.created_signature = p.signature AND c.listed = 1 AND c.kind = 'coin'
        WHERE p.seq > @after AND p.seq <= @upTo ORDER BY p.seq`),
      graduated: s<{ seq: bigint; mint: Address }>(`SELECT p.seq, g.mint FROM processed p JOIN graduations g ON g.signature = p.signature JOIN coins c ON c.mint = g.mint AND c.listed = 1 AND c.kind = 'coin'
        WHERE p.seq > @after AND p.seq <= @upTo ORDER BY p.seq`),
      candle: s('SELECT bucket, open, high, low, close, volume_zec, trades FROM candles WHERE mint = ? AND interval = ? AND bucket = ?'),
    };
  }

  /** The index's position now: the last transaction it applied (0 before the first). */
  async position(): Promise<bigint> {
    return (await this.statements.position.get())!.seq;
  }

  /** Trades of listed coins (the native coin's routed rows included) applied in (after, upTo], in order. */
  async trades(after: bigint, upTo: bigint): Promise<PositionedTrade[]> {
    return (await this.statements.trades.all({ after, upTo })).map((row) => {
      const { seq, position: _position, coinKind, ...t } = camel(row);
      return { seq: seq as bigint, kind: coinKind as 'coin' | 'native', trade: tradeRowOf(t) };
    });
  }

  /** Listed coins planted in (after, upTo], as they read now. */
  async planted(after: bigint, upTo: bigint): Promise<{ seq: bigint; coin: CoinRow }[]> {
    const out: { seq: bigint; coin: CoinRow }[] = [];
    for (const r of await this.statements.planted.all({ after, upTo })) {
      const coin = await this.coinOf(r.mint);
      if (coin) out.push({ seq: r.seq, coin });
    }
    return out;
  }

  /** Listed coins that graduated in (after, upTo], with their graduation. */
  async graduated(after: bigint, upTo: bigint): Promise<{ seq: bigint; coin: CoinRow; graduation: GraduationRow }[]> {
    const out: { seq: bigint; coin: CoinRow; graduation: GraduationRow }[] = [];
    for (const r of await this.statements.graduated.all({ after, upTo })) {
      const coin = await this.coinOf(r.mint);
      const graduation = await this.graduationOf(r.mint);
      if (coin && graduation) out.push({ seq: r.seq, coin, graduation });
    }
    return out;
  }

  /** One candle as it stands now; null when the bucket has none. */
  async candle(mint: Address, interval: bigint, bucket: bigint): Promise<CandleRow | null> {
    const row = await this.statements.candle.get(mint, interval, bucket);
    return row ? candleRowOf(row) : null;
  }
}
