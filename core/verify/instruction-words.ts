import { getBase64Decoder, type Address } from '@solana/kit';
import { formatExactUnits } from '../math/decimal-display.js';
import { SOL_DECIMALS } from '../math/units.js';
import { SOL_TO_ZEC_DISCRIMINATOR, ZEC_TO_SOL_DISCRIMINATOR } from '../programs/aggregator/swap.js';
import { AMM_BUY_DISCRIMINATOR } from '../programs/amm/instructions/buy.js';
import { AMM_BUY_EXACT_QUOTE_IN_DISCRIMINATOR } from '../programs/amm/instructions/buy-exact-quote-in.js';
import { MULTI_HOP_SWAP_DISCRIMINATOR } from '../programs/amm/instructions/multi-hop-swap.js';
import { AMM_SELL_DISCRIMINATOR } from '../programs/amm/instructions/sell.js';
import { hasDiscriminator } from '../programs/launchpad/borsh.js';
import { BUY_EXACT_QUOTE_IN_V2_DISCRIMINATOR } from '../programs/launchpad/instructions/buy-exact-quote-in-v2.js';
import { BUY_V2_DISCRIMINATOR } from '../programs/launchpad/instructions/buy-v2.js';
import { CREATE_V2_DISCRIMINATOR } from '../programs/launchpad/instructions/create-v2.js';
import { SELL_V2_DISCRIMINATOR } from '../programs/launchpad/instructions/sell-v2.js';
import { DECLARE_PAYEE_DISCRIMINATOR } from '../programs/vault/declare-payee.js';
import { CHANGE_PAYEE_DISCRIMINATOR, CLAIM_DISCRIMINATOR } from '../programs/vault/payee.js';
import { roleOf } from './instruction-roles.js';
import type { ResolvedInstruction } from './message.js';

/**
 * Each instruction of a transaction in plain words: the program by name, what the instruction does with
 * its amounts in units (decimals applied, exactly), and every account with its role and what the desk
 * knows it to be ("your ZEC account", "the coin's bonding curve"). A program or instruction the desk does
 * not know is shown raw and marked unknown. Pure and browser-safe: the server's review and the desk's
 * offline review run the same words.
 */

/** What the review knows about the addresses a transaction names. */
export interface ReviewContext {
  /** The wallet that signs. */
  readonly wallet: Address;
  /** The cluster's programs by role, as the network profile pins them (launchpad, amm, vault, aggregator, fees, memo…). */
  readonly programs: Readonly<Record<string, Address>>;
  /** Addresses with what they are, in words ("your ZEC account", "the coin's bonding curve", "launchpad fee recipient"). */
  readonly labels: ReadonlyMap<Address, string>;
  /** Mints with a ticker and decimals, to show amounts in units. */
  readonly mints: ReadonlyMap<Address, { readonly ticker: string; readonly decimals: number }>;
  /** Token accounts the desk knows: their mint, and whether the wallet owns them. */
  readonly tokenAccounts: ReadonlyMap<Address, { readonly mint: Address; readonly own: boolean }>;
}

export interface AccountWords {
  readonly address: Address;
  readonly role: string;
  /** What the desk knows the address to be; null: an address it does not know. */
  readonly label: string | null;
  readonly signer: boolean;
  readonly writable: boolean;
}

export interface InstructionWords {
  readonly program: Address;
  /** The program by name; null when the desk does not know it. */
  readonly programName: string | null;
  /** The instruction's name as its program calls it (`buy_exact_quote_in_v2`, `transfer`); null when not known. */
  readonly instruction: string | null;
  /** What it does, in a sentence with its amounts. */
  readonly summary: string;
  readonly accounts: readonly AccountWords[];
  /** The data as base64, for an instruction the desk cannot read. */
  readonly rawData: string | null;
  /** Key of the role table and decoded kind, for red flags and checks. */
  readonly kind: string | null;
  /** Decoded amounts by name (base units), for checks. */
  readonly amounts: Readonly<Record<string, bigint>>;
}

export const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL' as Address;
export const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111' as Address;
export const WRAPPED_SOL_MINT = 'So11111111111111111111111111111111111111112' as Address;

const WELL_KNOWN: Readonly<Record<string, string>> = {
  [SYSTEM_PROGRAM]: 'System program',
  [TOKEN_PROGRAM]: 'Token program',
  [TOKEN_2022_PROGRAM]: 'Token-2022 program',
  [ASSOCIATED_TOKEN_PROGRAM]: 'Associated token account program',
  [COMPUTE_BUDGET]: 'Compute budget',
};
const PROFILE_NAMES: Readonly<Record<string, string>> = {
  launchpad: 'the launchpad',
  amm: 'the AMM',
  vault: 'the fee vault',
  aggregator: 'the SOL/ZEC aggregator',
  fees: 'the fee program',
  memo: 'SPL Memo',
  memoV1: 'SPL Memo (v1)',
  mayhem: 'the mayhem program',
};

export function programNameOf(program: Address, ctx: ReviewContext): string | null {
  const known = WELL_KNOWN[program];
  if (known) return known;
  for (const [role, address] of Object.entries(ctx.programs)) if (address === program) return PROFILE_NAMES[role] ?? role;
  return null;
}

const view = (data: Uint8Array) => new DataView(data.buffer, data.byteOffset, data.byteLength);
const u64 = (data: Uint8Array, at: number): bigint | null => (data.length >= at + 8 ? view(data).getBigUint64(at, true) : null);
const u32 = (data: Uint8Array, at: number): number | null => (data.length >= at + 4 ? view(data).getUint32(at, true) : null);
const base64 = getBase64Decoder();

/** An amount of a mint in its units ("1.5 ZEC"); the raw base units when the mint is not known. */
export function unitsText(amount: bigint, mint: Address | null, ctx: ReviewContext): string {
  const known = mint === null ? undefined : ctx.mints.get(mint);
  if (!known) return `${amount} base units${mint ? ` of mint ${mint}` : ''}`;
  // Every base unit, thousands grouped: an instruction's amount is exact, and readable.
  return `${formatExactUnits(amount, known.decimals)} ${known.ticker}`;
}
const solText = (lamports: bigint) => `${formatExactUnits(lamports, SOL_DECIMALS)} SOL`;

interface Decoded {
  readonly kind: string | null;
  readonly instruction: string | null;
  readonly summary: string;
  readonly amounts?: Readonly<Record<string, bigint>>;
}

const mintAt = (ix: ResolvedInstruction, index: number): Address | null => ix.accounts[index]?.address ?? null;
const tokenMintOf = (ix: ResolvedInstruction, index: number, ctx: ReviewContext): Address | null => {
  const account = ix.accounts[index]?.address;
  return account ? (ctx.tokenAccounts.get(account)?.mint ?? null) : null;
};

function decodeAnchor(ix: ResolvedInstruction, role: string, ctx: ReviewContext): Decoded | null {
  const d = ix.data;
  const is = (disc: Uint8Array) => hasDiscriminator(d, disc);
  if (role === 'launchpad') {
    const coin = mintAt(ix, 1);
    const quote = mintAt(ix, 2);
    if (is(BUY_EXACT_QUOTE_IN_V2_DISCRIMINATOR) && d.length >= 24) {
      const spend = u64(d, 8)!;
      const min = u64(d, 16)!;
      return { kind: 'launchpad:buy_exact_quote_in_v2', instruction: 'buy_exact_quote_in_v2', summary: `Buy on the bonding curve: spend exactly ${unitsText(spend, quote, ctx)} for at least ${unitsText(min, coin, ctx)} (less, if it buys the curve's last coins)`, amounts: { amountIn: spend, minAmountOut: min } };
    }
    if (is(BUY_V2_DISCRIMINATOR) && d.length >= 24) {
      const amount = u64(d, 8)!;
      const max = u64(d, 16)!;
      return { kind: 'launchpad:buy_v2', instruction: 'buy_v2', summary: `Buy on the bonding curve: exactly ${unitsText(amount, coin, ctx)} for at most ${unitsText(max, quote, ctx)}`, amounts: { amountOut: amount, maxAmountIn: max } };
    }
    if (is(SELL_V2_DISCRIMINATOR) && d.length >= 24) {
      const amount = u64(d, 8)!;
      const min = u64(d, 16)!;
      return { kind: 'launchpad:sell_v2', instruction: 'sell_v2', summary: `Sell on the bonding curve: exactly ${unitsText(amount, coin, ctx)} for at least ${unitsText(min, quote, ctx)}`, amounts: { amountIn: amount, minAmountOut: min } };
    }
    if (is(CREATE_V2_DISCRIMINATOR)) return { kind: 'launchpad:create_v2', instruction: 'create_v2', summary: 'Plant a new coin: create its mint, metadata and bonding curve' };
  }
  if (role === 'amm') {
    const coin = mintAt(ix, 3);
    const quote = mintAt(ix, 4);
    if (is(AMM_BUY_EXACT_QUOTE_IN_DISCRIMINATOR) && d.length >= 24) {
      const spend = u64(d, 8)!;
      const min = u64(d, 16)!;
      return { kind: 'amm:buy_exact_quote_in', instruction: 'buy_exact_quote_in', summary: `Buy on the coin's pool: spend exactly ${unitsText(spend, quote, ctx)} for at least ${unitsText(min, coin, ctx)}`, amounts: { amountIn: spend, minAmountOut: min } };
    }
    if (is(AMM_BUY_DISCRIMINATOR) && d.length >= 24) {
      const amount = u64(d, 8)!;
      const max = u64(d, 16)!;
      return { kind: 'amm:buy', instruction: 'buy', summary: `Buy on the coin's pool: exactly ${unitsText(amount, coin, ctx)} for at most ${unitsText(max, quote, ctx)}`, amounts: { amountOut: amount, maxAmountIn: max } };
    }
    if (is(AMM_SELL_DISCRIMINATOR) && d.length >= 24) {
      const amount = u64(d, 8)!;
      const min = u64(d, 16)!;
      return { kind: 'amm:sell', instruction: 'sell', summary: `Sell on the coin's pool: exactly ${unitsText(amount, coin, ctx)} for at least ${unitsText(min, quote, ctx)}`, amounts: { amountIn: amount, minAmountOut: min } };
    }
    if (is(MULTI_HOP_SWAP_DISCRIMINATOR) && d.length >= 24) {
      const amountIn = u64(d, 8)!;
      const min = u64(d, 16)!;
      const input = tokenMintOf(ix, 1, ctx);
      const output = tokenMintOf(ix, 2, ctx);
      return { kind: 'amm:multi_hop_swap', instruction: 'multi_hop_swap', summary: `Trade through the native route (two hops): spend exactly ${unitsText(amountIn, input, ctx)} for at least ${unitsText(min, output, ctx)}`, amounts: { amountIn, minAmountOut: min } };
    }
  }
  if (role === 'aggregator' && d.length >= 24) {
    const amountIn = u64(d, 8)!;
    const min = u64(d, 16)!;
    const zec = mintAt(ix, 4);
    if (is(SOL_TO_ZEC_DISCRIMINATOR)) return { kind: 'aggregator:swap', instruction: 'sol_to_zec', summary: `Swap exactly ${solText(amountIn)} to at least ${unitsText(min, zec, ctx)}`, amounts: { amountIn, minAmountOut: min } };
    if (is(ZEC_TO_SOL_DISCRIMINATOR)) return { kind: 'aggregator:swap', instruction: 'zec_to_sol', summary: `Swap exactly ${unitsText(amountIn, zec, ctx)} to at least ${solText(min)}`, amounts: { amountIn, minAmountOut: min } };
  }
  if (role === 'vault') {
    if (is(CLAIM_DISCRIMINATOR)) return { kind: 'vault:claim', instruction: 'claim', summary: "Claim: pay what waits in the coin's fee account to its payee" };
    if (is(CHANGE_PAYEE_DISCRIMINATOR)) return { kind: 'vault:change_payee', instruction: 'change_payee', summary: "Change the coin's payee (what waits is paid to the current payee first)" };
    if (is(DECLARE_PAYEE_DISCRIMINATOR)) return { kind: 'vault:declare_payee', instruction: 'declare_payee', summary: "Declare the new coin's payee" };
  }
  return null;
}

const SYSTEM_NAMES: Readonly<Record<number, string>> = { 0: 'create_account', 1: 'assign', 2: 'transfer', 3: 'create_account_with_seed', 4: 'advance_nonce', 5: 'withdraw_nonce', 6: 'initialize_nonce', 7: 'authorize_nonce', 8: 'allocate', 9: 'allocate_with_seed', 10: 'assign_with_seed', 11: 'transfer_with_seed' };
const TOKEN_NAMES: Readonly<Record<number, string>> = { 0: 'initialize_mint', 1: 'initialize_account', 3: 'transfer', 4: 'approve', 5: 'revoke', 6: 'set_authority', 7: 'mint_to', 8: 'burn', 9: 'close_account', 10: 'freeze_account', 11: 'thaw_account', 12: 'transfer_checked', 13: 'approve_checked', 14: 'mint_to_checked', 15: 'burn_checked', 17: 'sync_native', 18: 'initialize_account3' };

function decodeNative(ix: ResolvedInstruction, ctx: ReviewContext): Decoded | null {
  const d = ix.data;
  if (ix.program === SYSTEM_PROGRAM) {
    const tag = u32(d, 0);
    const name = tag === null ? undefined : SYSTEM_NAMES[tag];
    if (!name) return null;
    const kind = `system:${name}`;
    if (name === 'transfer') {
      const lamports = u64(d, 4) ?? 0n;
      return { kind, instruction: name, summary: `Send ${solText(lamports)}`, amounts: { lamports } };
    }
    if (name === 'create_account') {
      const lamports = u64(d, 4) ?? 0n;
      return { kind, instruction: name, summary: `Create an account funded with ${solText(lamports)} (rent)`, amounts: { lamports } };
    }
    if (name === 'assign' || name === 'assign_with_seed') return { kind: 'system:assign', instruction: name, summary: 'Give an account to another program (its owner changes)' };
    if (name === 'advance_nonce') return { kind, instruction: name, summary: 'Use a durable nonce: this transaction does not expire with its blockhash' };
    return { kind, instruction: name, summary: `System: ${name.replace(/_/g, ' ')}` };
  }
  if (ix.program === TOKEN_PROGRAM || ix.program === TOKEN_2022_PROGRAM) {
    const tag = d[0];
    const name = tag === undefined ? undefined : TOKEN_NAMES[tag];
    if (!name) return null;
    const kind = `token:${name}`;
    if (name === 'transfer' || name === 'transfer_checked') {
      const amount = u64(d, 1) ?? 0n;
      const mint = name === 'transfer_checked' ? mintAt(ix, 1) : tokenMintOf(ix, 0, ctx);
      return { kind, instruction: name, summary: `Move ${unitsText(amount, mint, ctx)} between token accounts`, amounts: { amount } };
    }
    if (name === 'close_account') return { kind, instruction: name, summary: 'Close a token account; its rent goes to the account named' };
    if (name === 'set_authority') return { kind, instruction: name, summary: 'Change the authority of a token account or mint' };
    if (name === 'approve' || name === 'approve_checked') return { kind, instruction: name, summary: `Let a delegate spend ${unitsText(u64(d, 1) ?? 0n, name === 'approve_checked' ? mintAt(ix, 1) : tokenMintOf(ix, 0, ctx), ctx)} from a token account` };
    if (name === 'sync_native') return { kind, instruction: name, summary: "Update a wrapped SOL account's balance to its lamports" };
    return { kind, instruction: name, summary: `Token: ${name.replace(/_/g, ' ')}` };
  }
  if (ix.program === ASSOCIATED_TOKEN_PROGRAM) {
    const tag = d.length === 0 ? 0 : d[0];
    if (tag !== 0 && tag !== 1) return null;
    const mint = mintAt(ix, 3);
    const ticker = mint ? (ctx.mints.get(mint)?.ticker ?? `mint ${mint}`) : 'a mint';
    return { kind: 'ata:create', instruction: tag === 1 ? 'create_idempotent' : 'create', summary: `Open the ${ticker} account of the owner named${tag === 1 ? ' (if it is not open yet)' : ''}` };
  }
  if (ix.program === COMPUTE_BUDGET) {
    if (d[0] === 2 && d.length === 5) return { kind: 'budget:limit', instruction: 'set_compute_unit_limit', summary: `Compute limit: ${u32(d, 1)} units`, amounts: { units: BigInt(u32(d, 1)!) } };
    if (d[0] === 3 && d.length === 9) return { kind: 'budget:price', instruction: 'set_compute_unit_price', summary: `Priority fee: ${u64(d, 1)} micro-lamports per compute unit`, amounts: { microLamports: u64(d, 1)! } };
    return null;
  }
  const memoRole = Object.entries(ctx.programs).find(([role, address]) => (role === 'memo' || role === 'memoV1') && address === ix.program);
  if (memoRole) {
    const text = new TextDecoder('utf-8', { fatal: false }).decode(d).slice(0, 200);
    return { kind: 'memo', instruction: 'memo', summary: `Memo: "${text}"` };
  }
  return null;
}

export function instructionWords(ix: ResolvedInstruction, ctx: ReviewContext): InstructionWords {
  const programName = programNameOf(ix.program, ctx);
  const role = Object.entries(ctx.programs).find(([, address]) => address === ix.program)?.[0] ?? null;
  const decoded = decodeNative(ix, ctx) ?? (role ? decodeAnchor(ix, role, ctx) : null);
  const kind = decoded?.kind ?? null;
  return {
    program: ix.program,
    programName,
    instruction: decoded?.instruction ?? null,
    summary: decoded?.summary ?? (programName ? `An instruction of ${programName} the desk cannot read` : `A program the desk does not know (${ix.program})`),
    accounts: ix.accounts.map((a, i) => ({
      address: a.address,
      role: kind ? roleOf(kind, i) : `account ${i + 1}`,
      label: a.address === ctx.wallet ? 'your wallet' : (ctx.labels.get(a.address) ?? programNameOf(a.address, ctx)),
      signer: a.signer,
      writable: a.writable,
    })),
    rawData: decoded ? null : base64.decode(ix.data),
    kind,
    amounts: decoded?.amounts ?? {},
  };
}
