/**
 * The index's tables. Amounts are INTEGER base units (zat, raw token units), read back as bigint
 * (better-sqlite3's safeIntegers): every figure fits SQLite's signed 64 bits (21M ZEC is 2.1e15 zat, a
 * billion coins 1e15 raw). `processed` makes ingestion idempotent: a transaction's rows and its
 * signature are written in one SQLite transaction, so a crash leaves either all of them or none.
 *
 * The index is derived data: an index of another schema version is dropped and rebuilt from the chain.
 *
 * Tables looked up by a text key (processed, candles, holdings, traders, daily_traders) are WITHOUT ROWID:
 * the row lives in its key's b-tree, so an upsert writes one b-tree, not a rowid table beside a key index.
 * A batch's writes land all over these trees (a coin's candles and holders, a signature's place), and each
 * page a commit touches is a page written to the WAL and later to the file.
 *
 * Prices (last_price_e18, price_e18, candles' open/high/low/close) are ZEC per whole coin × 1e18 and have
 * no declared type: an INTEGER, or zero-padded TEXT past SQLite's integers (see price-column.ts).
 */
export const SCHEMA_VERSION = 11;

/**
 * The index's last stream position: the processed transactions' and a reconcile's moves' sequence, which
 * share one count (IndexStore numbers the next from it; a bulk load reads where a file's stream stands).
 */
export const LAST_SEQ = 'MAX((SELECT COALESCE(MAX(seq), 0) FROM processed), (SELECT COALESCE(MAX(seq), 0) FROM moves))';

export const TABLES = ['meta', 'processed', 'coins', 'trades', 'candles', 'holdings', 'coin_risk', 'early_buys', 'funders', 'funder_queue', 'moves', 'graduations', 'coin_fees', 'fee_events', 'reward_runs', 'run_payments', 'daily_stats', 'traders', 'daily_traders'] as const;

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS processed (
  signature TEXT PRIMARY KEY, slot INTEGER NOT NULL, seq INTEGER NOT NULL UNIQUE
) WITHOUT ROWID;
-- kind: 'coin' (a launchpad planting) or 'native' (the native coin itself, for its own list and chart).
-- counted: listed, ZEC-paired launchpad coin: the only coins in /v1/stats.
-- pair: zec, native, stock:<key>, other. A stock coin's ZEC-named columns (volume_zec, creator_fees_zec, trades'
-- zec, candles' volume_zec, holdings' cost basis and PnL) hold the stock's raw units: its ZEC value is its value now.
CREATE TABLE IF NOT EXISTS coins (
  mint TEXT PRIMARY KEY, kind TEXT NOT NULL DEFAULT 'coin', listed INTEGER NOT NULL, unlisted_reason TEXT, pair TEXT NOT NULL,
  name TEXT NOT NULL, symbol TEXT NOT NULL, uri TEXT NOT NULL, deployer TEXT NOT NULL, creator TEXT NOT NULL,
  payee_kind TEXT, payee TEXT, created_signature TEXT NOT NULL, created_slot INTEGER NOT NULL, created_at INTEGER NOT NULL,
  stage TEXT NOT NULL, virtual_token INTEGER NOT NULL, virtual_quote INTEGER NOT NULL, real_token INTEGER NOT NULL,
  real_quote INTEGER NOT NULL, token_total_supply INTEGER NOT NULL DEFAULT 0, pool TEXT, pool_base INTEGER, pool_quote INTEGER, last_price_e18 NOT NULL DEFAULT 0,
  trades INTEGER NOT NULL DEFAULT 0, buys INTEGER NOT NULL DEFAULT 0, sells INTEGER NOT NULL DEFAULT 0,
  volume_zec INTEGER NOT NULL DEFAULT 0, creator_fees_zec INTEGER NOT NULL DEFAULT 0, last_trade_at INTEGER,
  counted INTEGER NOT NULL DEFAULT 0, trend REAL, curve TEXT
);
CREATE INDEX IF NOT EXISTS coins_listed_created ON coins (listed, created_slot DESC, mint);
CREATE INDEX IF NOT EXISTS coins_listed_volume ON coins (listed, volume_zec DESC, mint);
CREATE INDEX IF NOT EXISTS coins_listed_last_trade ON coins (listed, last_trade_at);
CREATE INDEX IF NOT EXISTS coins_listed_trend ON coins (listed, trend DESC, mint);
-- Discover's "About to graduate" column at a million coins: the complete curves by last trade, the curves by progress.
CREATE INDEX IF NOT EXISTS coins_listed_stage_last_trade ON coins (listed, stage, last_trade_at DESC, mint);
CREATE INDEX IF NOT EXISTS coins_listed_stage_progress ON coins (listed, stage, real_token, mint);
-- The trades of a pair other than ZEC (the native coin's, the stocks'): its few coins found by pair, not by walking every coin.
CREATE INDEX IF NOT EXISTS coins_listed_pair ON coins (listed, pair);
-- Found by signature: the coin a planting created (GET /v1/tx/{signature}, the push stream).
CREATE INDEX IF NOT EXISTS coins_created_signature ON coins (created_signature);
CREATE TABLE IF NOT EXISTS trades (
  seq INTEGER NOT NULL, position INTEGER NOT NULL, signature TEXT NOT NULL, slot INTEGER NOT NULL, at INTEGER NOT NULL,
  mint TEXT NOT NULL, venue TEXT NOT NULL, side TEXT NOT NULL, user TEXT NOT NULL, tokens INTEGER NOT NULL,
  quote INTEGER NOT NULL, zec INTEGER NOT NULL, creator_fee INTEGER NOT NULL, protocol_fee INTEGER NOT NULL,
  price_e18 NOT NULL, routed INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (seq, position)
);
CREATE INDEX IF NOT EXISTS trades_mint ON trades (mint, slot, seq, position);
CREATE INDEX IF NOT EXISTS trades_user ON trades (user, slot, seq, position);
CREATE INDEX IF NOT EXISTS trades_slot ON trades (slot, seq, position);
-- OHLC of every trade shown (a route's pool side included, so a chart matches its list); volume and
-- trade counts of counted trades only. open_* and close_*: the chain-order place (slot, seq, position, as
-- trades are ordered) of the trades that set open and close, so a trade applied late still opens or closes
-- the candle by where it stands on chain (candle-book.ts); never part of a read's answer.
CREATE TABLE IF NOT EXISTS candles (
  mint TEXT NOT NULL, interval INTEGER NOT NULL, bucket INTEGER NOT NULL, open NOT NULL, high NOT NULL,
  low NOT NULL, close NOT NULL, volume_zec INTEGER NOT NULL, trades INTEGER NOT NULL,
  open_slot INTEGER NOT NULL, open_seq INTEGER NOT NULL, open_position INTEGER NOT NULL,
  close_slot INTEGER NOT NULL, close_seq INTEGER NOT NULL, close_position INTEGER NOT NULL,
  PRIMARY KEY (mint, interval, bucket)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS holdings (
  mint TEXT NOT NULL, wallet TEXT NOT NULL, balance INTEGER NOT NULL, cost_basis_zec INTEGER NOT NULL,
  realised_pnl_zec INTEGER NOT NULL, volume_zec INTEGER NOT NULL DEFAULT 0,
  first_seen_slot INTEGER NOT NULL, first_seen_at INTEGER NOT NULL, tags INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (mint, wallet)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS holdings_wallet ON holdings (wallet);
-- A coin's holders, largest first (the holders read, a run's snapshot).
CREATE INDEX IF NOT EXISTS holdings_mint_balance ON holdings (mint, balance DESC, wallet);
-- A planted coin's risk figures (core/types/risk-figures.ts), kept as the index applies each batch: holders and
-- the holdings of the tagged wallets (holdings.tags: 1 sniper, 2 bundle, 4 fresh, 8 deployer, set at a wallet's
-- first buy), what the deployer bought and sold, and the ten largest holdings together.
CREATE TABLE IF NOT EXISTS coin_risk (
  mint TEXT PRIMARY KEY, holders INTEGER NOT NULL DEFAULT 0, top10_held INTEGER NOT NULL DEFAULT 0,
  deployer_held INTEGER NOT NULL DEFAULT 0, deployer_bought INTEGER NOT NULL DEFAULT 0, deployer_sold INTEGER NOT NULL DEFAULT 0,
  snipers INTEGER NOT NULL DEFAULT 0, sniper_held INTEGER NOT NULL DEFAULT 0, bundled INTEGER NOT NULL DEFAULT 0,
  bundle_held INTEGER NOT NULL DEFAULT 0, fresh INTEGER NOT NULL DEFAULT 0, fresh_held INTEGER NOT NULL DEFAULT 0
);
-- A planted coin's first buys in its launch (core/types/risk-figures.ts LAUNCH_SLOTS) after the creation slot: the
-- wallets of one slot funded by one source are a bundle (funder-book.ts). funders: who sent each wallet its first
-- SOL (funder null: the history read showed none; common: a source that funds strangers, such as a faucet), looked up from the chain once per wallet; funder_queue: the
-- wallets still to look up, written with the buy that wants them so a crash owes no lookup.
CREATE TABLE IF NOT EXISTS early_buys (mint TEXT NOT NULL, slot INTEGER NOT NULL, wallet TEXT NOT NULL, PRIMARY KEY (mint, slot, wallet)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS early_buys_wallet ON early_buys (wallet);
CREATE TABLE IF NOT EXISTS funders (wallet TEXT PRIMARY KEY, funder TEXT, signature TEXT, slot INTEGER, common INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS funder_queue (wallet TEXT PRIMARY KEY) WITHOUT ROWID;
-- Balance changes of a coin's holders outside its trades (a plain transfer, a burn, an account closed): with the
-- trades, they replay a coin's holders at any slot (a holder-reward run's snapshot) as the live holdings have them.
CREATE TABLE IF NOT EXISTS moves (
  seq INTEGER NOT NULL, position INTEGER NOT NULL, slot INTEGER NOT NULL, mint TEXT NOT NULL, wallet TEXT NOT NULL, delta INTEGER NOT NULL,
  PRIMARY KEY (seq, position)
);
CREATE INDEX IF NOT EXISTS moves_mint ON moves (mint, slot, seq, position);
CREATE TABLE IF NOT EXISTS graduations (
  mint TEXT PRIMARY KEY, signature TEXT NOT NULL, slot INTEGER NOT NULL, at INTEGER NOT NULL, pool TEXT NOT NULL,
  base_amount INTEGER NOT NULL, quote_amount INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS graduations_signature ON graduations (signature);
-- Per coin, in ZEC: what the vault split and paid out; for a native-paired coin the native block
-- (native-coin units as they moved, converted_zec in ZEC) and the split valued at its conversion's rate.
CREATE TABLE IF NOT EXISTS coin_fees (
  mint TEXT PRIMARY KEY, split_zec INTEGER NOT NULL DEFAULT 0, to_lp_zec INTEGER NOT NULL DEFAULT 0,
  rootstock_zec INTEGER NOT NULL DEFAULT 0, treasury_zec INTEGER NOT NULL DEFAULT 0, payee_zec INTEGER NOT NULL DEFAULT 0,
  paid_out_zec INTEGER NOT NULL DEFAULT 0, native_claimed INTEGER NOT NULL DEFAULT 0, native_burned INTEGER NOT NULL DEFAULT 0,
  native_to_lp INTEGER NOT NULL DEFAULT 0, native_converted INTEGER NOT NULL DEFAULT 0, native_converted_zec INTEGER NOT NULL DEFAULT 0
);
-- The vault's movements one by one (the spec's "rings": splits, burns, conversions, liquidity draws, payouts,
-- payee changes, holder-reward runs and their payments), each with its signature; run for a run's rows.
CREATE TABLE IF NOT EXISTS fee_events (
  seq INTEGER NOT NULL, position INTEGER NOT NULL, signature TEXT NOT NULL, slot INTEGER NOT NULL, at INTEGER NOT NULL,
  mint TEXT NOT NULL, kind TEXT NOT NULL, amount INTEGER NOT NULL, zec INTEGER NOT NULL, party TEXT, run INTEGER,
  PRIMARY KEY (seq, position)
);
CREATE INDEX IF NOT EXISTS fee_events_mint ON fee_events (mint, seq);
CREATE INDEX IF NOT EXISTS fee_events_signature ON fee_events (signature);
-- Holder-reward runs as the vault's events tell them; address is the RewardRun account (the run's id).
CREATE TABLE IF NOT EXISTS reward_runs (
  mint TEXT NOT NULL, run INTEGER NOT NULL, address TEXT NOT NULL UNIQUE, snapshot_slot INTEGER NOT NULL,
  total INTEGER NOT NULL, paid INTEGER NOT NULL DEFAULT 0, recipients INTEGER NOT NULL, paid_recipients INTEGER NOT NULL DEFAULT 0,
  dust INTEGER, opened_signature TEXT NOT NULL, opened_slot INTEGER NOT NULL, opened_at INTEGER NOT NULL,
  closed_signature TEXT, closed_slot INTEGER, closed_at INTEGER, PRIMARY KEY (mint, run)
);
CREATE TABLE IF NOT EXISTS run_payments (
  mint TEXT NOT NULL, run INTEGER NOT NULL, holder TEXT NOT NULL, share INTEGER NOT NULL,
  signature TEXT NOT NULL, slot INTEGER NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (mint, run, holder)
);
-- Counted activity per UTC day (day = unix seconds / 86400).
CREATE TABLE IF NOT EXISTS daily_stats (
  day INTEGER PRIMARY KEY, coins INTEGER NOT NULL DEFAULT 0, trades INTEGER NOT NULL DEFAULT 0, buys INTEGER NOT NULL DEFAULT 0,
  sells INTEGER NOT NULL DEFAULT 0, volume_zec INTEGER NOT NULL DEFAULT 0, creator_fees_zec INTEGER NOT NULL DEFAULT 0,
  graduations INTEGER NOT NULL DEFAULT 0, traders INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS traders (wallet TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS daily_traders (day INTEGER NOT NULL, wallet TEXT NOT NULL, PRIMARY KEY (day, wallet)) WITHOUT ROWID;
`;
