import { Type } from 'typebox';
import { AddressString, Amount } from './common.js';

/**
 * The desk's own routes (/desk-api): wallets held in the OS keychain, the review of a build against the
 * person's ticket, and signing behind it. Not part of /v1 (which never sees a key) and not in its
 * OpenAPI document; reachable only with the desk token.
 */
export const WalletEntrySchema = Type.Object({
  address: Type.String(),
  label: Type.String(),
  addedAt: Type.String(),
  origin: Type.Union([Type.Literal('created'), Type.Literal('imported')]),
});

export const WalletListSchema = Type.Object({
  wallets: Type.Array(WalletEntrySchema),
  active: Type.Union([Type.String(), Type.Null()]),
  /** Sandbox only: the faucet button is shown. */
  faucet: Type.Boolean(),
  exportConfirmation: Type.String({ description: 'what the person types to see a secret key' }),
});

export const KeychainStatusSchema = Type.Union([
  Type.Object({ available: Type.Literal(true) }),
  Type.Object({ available: Type.Literal(false), message: Type.String({ description: 'that no keychain answers, and what that stops' }), advice: Type.String({ description: 'what to do about it on this system' }) }),
]);

export const Label = Type.String({ maxLength: 200, description: 'a name for the wallet, up to 40 characters' });

export const CreateWalletBody = Type.Object({ label: Label }, { additionalProperties: false });
export const ImportWalletBody = Type.Object(
  { label: Label, secret: Type.String({ maxLength: 2000, description: 'a base58 secret key or a Solana CLI keypair file (JSON array of 64 numbers)' }) },
  { additionalProperties: false },
);
export const RenameWalletBody = Type.Object({ label: Label }, { additionalProperties: false });
export const ConfirmBody = Type.Object({ confirmation: Type.String({ maxLength: 200 }) }, { additionalProperties: false });
export const WalletParams = Type.Object({ address: AddressString('the wallet') });

export const FaucetBody = Type.Object(
  {
    asset: Type.Union([Type.Literal('SOL'), Type.Literal('ZEC'), Type.Literal('native')], { description: 'what to receive' }),
    amount: Amount('base units (lamports for SOL)'),
  },
  { additionalProperties: false },
);

/** The compute unit price the person chose for the build (its `computeUnitPrice`): the review then checks every transaction pays it. */
const TicketComputeUnitPrice = Type.Optional(Type.String({ pattern: '^[0-9]{1,20}$', maxLength: 20, description: 'micro-lamports per compute unit the person chose, decimal digits; the review adds a `priority fee` line that holds only when every transaction pays exactly this' }));

/** The person's own ticket: what they asked for, never the build's account of it. */
export const TradeTicketBody = Type.Object(
  {
    wallet: AddressString('the wallet that signs'),
    mint: AddressString("the coin's mint"),
    side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
    amount: Amount('base units: ZEC or lamports spent on a buy, coin units sold on a sale'),
    pay: Type.Union([Type.Literal('ZEC'), Type.Literal('SOL')]),
    receive: Type.Union([Type.Literal('ZEC'), Type.Literal('SOL')]),
    slippageBps: Type.Integer({ minimum: 0, maximum: 2000 }),
    minimum: Amount('the least the person accepts, as the quote they saw said: coin units on a buy, ZEC (or lamports with receive SOL) on a sale'),
    amountFrom: Type.Optional(Type.Union([Type.Literal('typed'), Type.Literal('all'), Type.Literal('step1')], { description: 'what the amount is: typed by the person (default), all the wallet holds (a 100% sale), or what step 1 of a two-step trade guaranteed' })),
    computeUnitPrice: TicketComputeUnitPrice,
  },
  { additionalProperties: false },
);

export const ReviewBody = Type.Object(
  { buildId: Type.String({ pattern: '^b_[0-9a-f]{32}$', description: 'the id of a build this server answered' }), ticket: TradeTicketBody },
  { additionalProperties: false },
);

const AccountWords = Type.Object({ address: Type.String(), role: Type.String(), label: Type.Union([Type.String(), Type.Null()]), signer: Type.Boolean(), writable: Type.Boolean() });
const InstructionWords = Type.Object({
  program: Type.String(),
  programName: Type.Union([Type.String(), Type.Null()]),
  instruction: Type.Union([Type.String(), Type.Null()]),
  summary: Type.String(),
  accounts: Type.Array(AccountWords),
  rawData: Type.Union([Type.String(), Type.Null()]),
});
const Flag = Type.Object({ instruction: Type.Integer(), text: Type.String() });
const VerdictLine = Type.Object({ field: Type.String(), ok: Type.Boolean(), detail: Type.String() });
const BalanceChange = Type.Object({
  account: Type.String(),
  label: Type.String(),
  asset: Type.String({ description: 'SOL or a ticker' }),
  decimals: Type.Integer(),
  before: Amount('base units'),
  after: Amount('base units'),
  change: Type.String({ pattern: '^(0|-?[1-9][0-9]*)$', description: 'base units, signed' }),
  words: Type.String({ description: 'the change in the wallet\'s words: "receives 0.93 SOL", "pays 19.39 ZEC"' }),
  exact: Type.String({ description: 'the change\'s size in every base unit, thousands grouped ("4,238,746.824565")' }),
  why: Type.Union([Type.String(), Type.Null()], { description: 'what the SOL line is made of: network fee, rent opened and closed, the swap or launch fee; null on other lines' }),
});

export const ReviewAnswer = Type.Object({
  buildId: Type.String(),
  transactions: Type.Array(
    Type.Object({ feePayer: Type.String(), signers: Type.Array(Type.String()), blockhash: Type.String(), lookupTables: Type.Array(Type.String()), instructions: Type.Array(InstructionWords) }),
  ),
  flags: Type.Array(Flag),
  verdict: Type.Array(VerdictLine),
  balanceChanges: Type.Array(BalanceChange),
  /** Balance changes are of the first transaction only when a build has more than one. */
  simulated: Type.Integer({ description: 'how many of the transactions the balance changes cover' }),
  expiresAt: Type.String({ description: 'ISO time the blockhash is expected to expire' }),
  lastValidBlockHeight: Amount('block height'),
  blockHeight: Amount('block height now'),
  signable: Type.Boolean({ description: 'true when every verdict line holds and nothing is flagged' }),
  networkFeeLamports: Amount('what the transactions cost the fee payer in network fees: base fee per signature plus the priority fee'),
});

export const SignAnswer = Type.Object({ buildId: Type.String(), signatures: Type.Array(Type.String()) });

export const ReviewKitSchema = Type.Object({
  programs: Type.Record(Type.String(), Type.String()),
  lookupTables: Type.Array(Type.Object({ address: Type.String(), addresses: Type.Array(Type.String()) })),
  mints: Type.Array(Type.Object({ address: Type.String(), ticker: Type.String(), decimals: Type.Integer(), tokenProgram: Type.String(), role: Type.Union([Type.Literal('zec'), Type.Literal('sol'), Type.Literal('native')]) })),
  labels: Type.Array(Type.Object({ address: Type.String(), label: Type.String() })),
  tokenAccounts: Type.Array(Type.Object({ address: Type.String(), mint: Type.String() })),
});

export const GuardAnswer = Type.Object({
  changes: Type.Array(Type.Object({ role: Type.String(), program: Type.String(), pinned: Type.String(), now: Type.Union([Type.String(), Type.Null()]) })),
  checkedAt: Type.Integer({ description: 'ms since the epoch' }),
});

const BuildId = Type.String({ pattern: '^b_[0-9a-f]{32}$', description: 'the id of a build this server answered' });
const PayeeText = Type.String({ maxLength: 80, description: '`me`, `wallet:<address>` or `holders` (for good)' });

export const ClaimReviewBody = Type.Object(
  { buildId: BuildId, ticket: Type.Object({ wallet: AddressString('the wallet that signs and sends'), mint: AddressString("the coin's mint") }, { additionalProperties: false }) },
  { additionalProperties: false },
);
export const PayeeReviewBody = Type.Object(
  { buildId: BuildId, ticket: Type.Object({ wallet: AddressString('the current payee, who signs'), mint: AddressString("the coin's mint"), payee: PayeeText }, { additionalProperties: false }) },
  { additionalProperties: false },
);
export const SwapReviewBody = Type.Object(
  {
    buildId: BuildId,
    ticket: Type.Object(
      {
        wallet: AddressString('the wallet that signs'),
        direction: Type.Union([Type.Literal('sol_to_zec'), Type.Literal('zec_to_sol')]),
        amount: Amount('lamports (sol_to_zec) or ZEC base units (zec_to_sol)'),
        minimum: Amount('the least accepted: ZEC base units or lamports'),
        amountFrom: Type.Optional(Type.Union([Type.Literal('typed'), Type.Literal('all'), Type.Literal('step1')], { description: 'what the amount is: typed by the person (default), all the wallet holds (a 100% sale), or what step 1 of a two-step trade guaranteed' })),
        computeUnitPrice: TicketComputeUnitPrice,
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export const PlantReviewBody = Type.Object(
  {
    buildId: BuildId,
    ticket: Type.Object(
      {
        wallet: AddressString('the planter, who signs first'),
        mint: AddressString('the new mint this desk made (POST /desk-api/plant/mint)'),
        name: Type.String({ maxLength: 200 }),
        symbol: Type.String({ maxLength: 40 }),
        payee: PayeeText,
        pair: Type.Union([Type.Literal('zec'), Type.Literal('native')]),
        firstBuyZec: Type.Optional(Amount('ZEC base units of the first buy')),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export const MintAnswer = Type.Object({ mint: Type.String({ description: 'a new mint whose key this desk keeps in memory for the planting' }) });

export const PlantQuoteQuery = Type.Object(
  {
    zec: Amount('ZEC base units of the first buy'),
    pair: Type.Union([Type.Literal('zec'), Type.Literal('native')]),
    slippageBps: Type.Optional(Type.Integer({ minimum: 0, maximum: 2000 })),
  },
  { additionalProperties: false },
);
export const PlantQuoteAnswer = Type.Object({
  zecIn: Amount('the ZEC the first buy spends'),
  tokensOut: Amount('coin units it buys (ZEC pair: exactly; native pair: the quote)'),
  minTokensOut: Amount('the least it accepts'),
  priceImpactBps: Type.Integer(),
  feeBps: Type.Integer(),
});

export const SwapQuoteQuery = Type.Object(
  { direction: Type.Union([Type.Literal('sol_to_zec'), Type.Literal('zec_to_sol')]), amount: Amount('lamports or ZEC base units'), slippageBps: Type.Optional(Type.Integer({ minimum: 0, maximum: 2000 })) },
  { additionalProperties: false },
);
export const SwapQuoteAnswer = Type.Object({
  amountIn: Amount('what the swap takes in'),
  out: Amount('what the wallet receives: ZEC base units or lamports'),
  minOut: Amount('the least the swap accepts'),
  slippageBps: Type.Integer(),
  feeBps: Type.Integer(),
  priceImpactBps: Type.Integer(),
});
