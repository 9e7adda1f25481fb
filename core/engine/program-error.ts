import type { Address } from '@solana/kit';
import type { TransactionError } from '../chain/types.js';
import { AGGREGATOR_ERRORS } from '../programs/aggregator/swap.js';
import { ammErrorName } from '../programs/amm/errors.js';
import { ANCHOR_ERRORS } from '../programs/anchor/errors.js';
import { launchpadErrorName } from '../programs/launchpad/errors.js';
import { SYSTEM_PROGRAM_ADDRESS } from '../programs/launchpad/spl-programs.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../programs/token-account.js';
import { VAULT_ERRORS } from '../programs/vault/payee.js';
import type { World } from './world.js';

/**
 * A failed simulation in plain words for the person who asked (spec: `422 refused` "with a plain-words
 * reason taken from the program's error"): which program refused, its error's name spelled out, and the
 * program's last log line, which our programs write as a sentence.
 */
const byCode = (table: Readonly<Record<string, number>>) => new Map(Object.entries(table).map(([name, code]) => [code, name]));
const ANCHOR = byCode(ANCHOR_ERRORS);
const VAULT = byCode(VAULT_ERRORS);
const AGGREGATOR = byCode(AGGREGATOR_ERRORS);

/** Words a few names are better said in (the IDL keeps SOL in names of amounts that are quote units). */
const PLAIN: Readonly<Record<string, string>> = {
  TooMuchSolRequired: 'the price moved: the buy would cost more than the most allowed (slippage)',
  TooLittleSolReceived: 'the price moved: the sale would pay less than the least allowed (slippage)',
  ExceededSlippage: 'the price moved beyond the slippage allowed',
  BondingCurveComplete: 'the curve is complete: the coin trades on its pool once migrated',
  NotCurrentPayee: 'only the current payee can change the payee',
  PayeeIsPermanent: 'the payee is holder rewards, which is permanent: no one can change it',
  SlippageExceeded: 'the price moved: the swap would pay less than the least allowed (slippage)',
  ZeroAmount: 'a swap of nothing',
  WrongMint: 'the pool is not the WSOL/ZEC pool named',
  RouteInvalidHop: 'a venue, vault or mint of the route is not the native-coin/ZEC pool or the coin\'s own curve or pool',
  RouteInvalidAccount: 'the wallet\'s input or output account is not its own account of the right mint',
  RouteBuybackAccount: 'the fee account is not the ZEC account of one of the launchpad\'s buyback fee recipients',
  RouteNotNativePair: 'the coin is paired with ZEC: it has no native route',
  RouteBelowMinimum: 'the price moved: the route would give less than the least allowed (slippage)',
  RouteHopOrder: 'the route lists its hops in the other side\'s order (a buy: the native-coin/ZEC pool first; a sale: the coin\'s venue first)',
};

const spaced = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * The runtime's instruction errors a program answers when an account it is given is not there or not
 * what it reads, in words, the name kept after them. A build refused for what the wallet holds is said
 * before it gets here (core/engine/holdings-shortfall.ts); these are what is left.
 */
const INSTRUCTION_WORDS: Readonly<Record<string, string>> = {
  InvalidAccountData: 'an account it was given does not exist or is not of the kind it reads',
  IncorrectProgramId: 'an account it was given does not exist or belongs to another program',
  UninitializedAccount: 'an account it was given does not exist yet',
  InvalidAccountOwner: 'an account it was given belongs to another program',
  MissingRequiredSignature: 'a signature it needs is missing',
  AccountAlreadyInitialized: 'an account it would open exists already',
};

function programName(world: World, program: string): string {
  const p = world.programs;
  if (program === p.launchpad) return 'the launchpad';
  if (program === p.amm) return 'the AMM';
  if (program === p.vault) return 'the vault program';
  if (program === p.fees) return 'the fee program';
  if (program === world.profile.programs['aggregator']) return 'the aggregator';
  if (program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM) return 'the token program';
  if (program === SYSTEM_PROGRAM_ADDRESS) return 'the system program';
  return `program ${program}`;
}

function errorName(world: World, program: string | null, code: number): string | undefined {
  if (code < 6000) return ANCHOR.get(code);
  if (program === world.programs.launchpad) return launchpadErrorName(code);
  if (program === world.programs.amm) return ammErrorName(code);
  if (program === world.programs.vault) return VAULT.get(code);
  // The aggregator passes the AMM's refusals through as they are.
  if (program === world.profile.programs['aggregator']) return AGGREGATOR.get(code) ?? ammErrorName(code);
  return launchpadErrorName(code) ?? ammErrorName(code) ?? VAULT.get(code);
}

/** The program that failed: the last `Program X failed` line of the logs. */
function failingProgram(logs: readonly string[]): { program: Address; detail: string } | null {
  for (let i = logs.length - 1; i >= 0; i--) {
    const m = /^Program (\w+) failed: (.*)$/.exec(logs[i]!);
    if (m) return { program: m[1] as Address, detail: m[2]! };
  }
  return null;
}

/** The last line a program logged before failing (our programs say why in words). */
function lastProgramLog(logs: readonly string[]): string | null {
  for (let i = logs.length - 1; i >= 0; i--) {
    const m = /^Program log: (.*)$/.exec(logs[i]!);
    if (m && !/^Instruction: /.test(m[1]!) && !/^AnchorError/.test(m[1]!)) return m[1]!.slice(0, 200);
  }
  return null;
}

/** SPL Token's and Token-2022's shared error codes a wallet meets, in words. */
const TOKEN_WORDS: Readonly<Record<number, string>> = {
  1: 'the wallet does not hold enough of the token it pays with',
  3: 'a token account holds another token than the one named',
  4: 'a token account is not the signing wallet\'s own',
  17: 'a token account is frozen',
};

/** Errors of the system and token programs a caller passes through unnamed, in words. */
const BENEATH: Readonly<Record<string, Readonly<Record<number, string>>>> = {
  [SYSTEM_PROGRAM_ADDRESS]: { 1: 'the wallet does not hold enough SOL for this with its fees and rent' },
  [TOKEN_PROGRAM]: TOKEN_WORDS,
  [TOKEN_2022_PROGRAM]: TOKEN_WORDS,
};

/**
 * A custom error a program passed through from the system or a token program it called (the first
 * `failed` line is the innermost): its words, that program's name, and what it said just before.
 */
function beneath(world: World, logs: readonly string[], code: number): { words: string; who: string; said: string | null } | null {
  const i = logs.findIndex((line) => /^Program \w+ failed: /.test(line));
  const m = i < 0 ? null : /^Program (\w+) failed: custom program error: 0x([0-9a-f]+)$/.exec(logs[i]!);
  if (!m || parseInt(m[2]!, 16) !== code) return null;
  const words = BENEATH[m[1]!]?.[code];
  if (!words) return null;
  const before = logs[i - 1] ?? '';
  const said = /^Program log: (.*)$/.exec(before)?.[1] ?? (before.startsWith('Program ') ? null : before);
  return { words, who: programName(world, m[1]!).replace(/^the /, ''), said: said ? said.slice(0, 200) : null };
}

export function plainSimulationError(world: World, err: TransactionError, logs: readonly string[]): string {
  const failing = failingProgram(logs);
  const who = failing ? programName(world, failing.program) : 'the chain';
  if (typeof err === 'object' && err !== null && Array.isArray(err['InstructionError'])) {
    const [, inner] = err['InstructionError'] as [number, unknown];
    if (inner !== null && typeof inner === 'object' && 'Custom' in inner) {
      const code = Number((inner as { Custom: number }).Custom);
      const name = errorName(world, failing?.program ?? null, code);
      const passed = name ? null : beneath(world, logs, code);
      if (passed) return `${who} refused: ${passed.words} (${passed.who} error ${code})${passed.said ? `; it said: ${passed.said}` : ''}`;
      const words = name ? (PLAIN[name] ?? spaced(name)) : `error ${code}`;
      const said = lastProgramLog(logs);
      return `${who} refused: ${words} (${name ?? 'code'} ${code})${said && !said.includes(String(code)) ? `; it said: ${said}` : ''}`;
    }
    if (typeof inner === 'string') {
      if (inner === 'InsufficientFunds') return `${who} refused: the wallet does not hold enough for this`;
      const words = INSTRUCTION_WORDS[inner];
      return `${who} refused: ${words ? `${words} (${spaced(inner)})` : spaced(inner)}`;
    }
  }
  if (err === 'InsufficientFundsForFee' || err === 'AccountNotFound') return 'the wallet does not hold enough SOL to pay the network fee';
  if (typeof err === 'object' && err !== null && 'InsufficientFundsForRent' in err) return 'the wallet does not hold enough SOL for the rent of the accounts this opens';
  if (err === 'BlockhashNotFound') return 'the blockhash expired before the simulation ran; build again';
  const text = typeof err === 'string' ? err : JSON.stringify(err);
  return `the simulation failed: ${spaced(text)}`;
}
