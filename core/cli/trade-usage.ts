import { defaultSandboxDir } from '../config/paths.js';
import type { CommandSpec } from './command-spec.js';
import { CLI_ENV, ENVIRONMENT_LINES } from './cli-environment.js';
import { EXIT_CODE_LINES } from './exit-codes.js';

/** The trading commands: each is a whole flow of launchdesk/client (build, verify here, review, sign, send, register). */

/** The local /v1 server's default port (what `launchdesk serve` listens on). */
export const DEFAULT_API_PORT = 7439;
export const DEFAULT_API_URL = `http://127.0.0.1:${DEFAULT_API_PORT}`;

export const API_OPTION = ['--api <URL>', `the /v1 server (default: ${CLI_ENV.api}, else ${DEFAULT_API_URL}, what \`launchdesk serve\` runs)`] as const;
const API = API_OPTION;
const data = (): readonly [string, string] => ['--data <DIR>', `your wallets, and the sandbox whose profile.json pins the addresses and names its RPC (default: ${CLI_ENV.data}, else ${defaultSandboxDir()})`];
const CLUSTER = [
  ['--profile <FILE>', "another cluster's network profile: the addresses to pin instead of the sandbox's"],
  ['--rpc <URL>', "your own JSON-RPC of that cluster (default: the profile's cluster.rpcUrl): builds are verified through it"],
] as const;
export const WALLET_OPTION = ['--wallet <NAME>', `the keychain wallet that signs: its label or address (default: ${CLI_ENV.keyFile}'s key file, else the wallet \`launchdesk wallet use\` chose)`] as const;
export const KEY_FILE_OPTION = ['--key-file <FILE>', 'sign with this Solana CLI keypair file (a JSON array of 64 numbers) instead of a keychain wallet: no OS keychain is needed; the key is read, never printed or stored'] as const;
const WALLET = WALLET_OPTION;

/**
 * The server's default slippages, in basis points, as the help says them. They are core/engine's
 * (SLIPPAGE_BPS in quote.ts, SWAP_SLIPPAGE_BPS in swap.ts), repeated here because loading the engine would
 * add a third of a second to every command; test/cli/command-line.test.ts holds the two equal.
 */
export const DEFAULT_SLIPPAGE_BPS = Object.freeze({ curve: 100, pool: 200, swap: 100, max: 2000 });
/** Basis points with their percentage, in integers (150 → "150 (1.5%)"). */
function bpsWords(bps: number): string {
  const b = BigInt(bps);
  const cents = b % 100n;
  return `${bps} (${b / 100n}${cents === 0n ? '' : `.${String(cents).padStart(2, '0').replace(/0$/, '')}`}%)`;
}
const SLIPPAGE = ['--slippage <BPS>', `the slippage in basis points, 0 to ${DEFAULT_SLIPPAGE_BPS.max} (default: ${bpsWords(DEFAULT_SLIPPAGE_BPS.curve)} on the bonding curve, ${bpsWords(DEFAULT_SLIPPAGE_BPS.pool)} on a pool)`] as const;
const SWAP_SLIPPAGE = ['--slippage <BPS>', `the slippage in basis points, 0 to ${DEFAULT_SLIPPAGE_BPS.max} (default ${bpsWords(DEFAULT_SLIPPAGE_BPS.swap)})`] as const;
const SEND = ['--send <ROUTE>', 'relay (default): the API\'s relay checks and sends; rpc: sent through your --rpc yourself'] as const;
const YES = ['--yes', 'sign without asking (scripts); where nobody can be asked it is required'] as const;
const JSON_FLAG = ['--json', 'one JSON result on stdout (amounts as decimal strings); the review and progress go to stderr'] as const;
const PRIORITY_FEE = ['--priority-fee <MICRO_LAMPORTS>', 'the compute unit price, micro-lamports per compute unit (default 10000; 0 allowed); the priority fee it makes may be at most 0.01 SOL'] as const;
const FLOW = [PRIORITY_FEE, WALLET, KEY_FILE_OPTION, data(), API, ...CLUSTER, SEND, YES, JSON_FLAG] as const;

const REVIEW_LINES = [
  'Before signing, the build is checked on this machine against what you asked (launchdesk/client verifyBuild)',
  'and shown in words: each transaction\'s fee payer and signers, each instruction, what it spends and the least',
  'it accepts. On a terminal you confirm it; --yes signs without asking.',
  '',
  'Amounts are whole units, exactly: ZEC up to 8 decimals, SOL 9, coins 6.',
  '',
  ...ENVIRONMENT_LINES,
  '',
  ...EXIT_CODE_LINES,
];

export const TRADE_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'quote',
    synopsis: '<mint> buy|sell <amount|all> [--pay ZEC|SOL] [--receive ZEC|SOL] [--slippage BPS] [--wallet NAME | --key-file FILE] [--api URL] [--json]',
    summary: 'what a buy or sale would give now (signs nothing)',
    about: ['Asks the /v1 server for a quote: a buy spends <amount> ZEC (SOL with --pay SOL), a sale sells <amount> coins (`all`: the wallet\'s balance).'],
    options: [['--pay <ZEC|SOL>', 'buy: what you pay in'], ['--receive <ZEC|SOL>', 'sale: what you receive'], SLIPPAGE, WALLET, KEY_FILE_OPTION, data(), API, JSON_FLAG],
    positionals: { names: ['<mint>', 'buy|sell', '<amount>'], required: 3 },
    after: ['Amounts are whole units, exactly: ZEC up to 8 decimals, SOL 9, coins 6.', '', ...ENVIRONMENT_LINES, '', ...EXIT_CODE_LINES],
  },
  {
    name: 'buy',
    synopsis: '<mint> <amount> [--pay ZEC|SOL] [--slippage BPS] [--wallet NAME | --key-file FILE] [--yes] [--json]',
    summary: 'buy a coin: spend <amount> ZEC (or SOL with --pay SOL)',
    about: ['Buys the coin <mint>, spending exactly <amount> ZEC (or SOL with --pay SOL, swapped to ZEC first), for at least the quote less the slippage.'],
    options: [['--pay <ZEC|SOL>', 'what you pay in (default ZEC)'], SLIPPAGE, ...FLOW],
    positionals: { names: ['<mint>', '<amount>'], required: 2 },
    after: REVIEW_LINES,
  },
  {
    name: 'sell',
    synopsis: '<mint> <amount|N%|all> [--receive ZEC|SOL] [--slippage BPS] [--wallet NAME | --key-file FILE] [--yes] [--json]',
    summary: 'sell <amount> coins, a share of them (50%), or all of them',
    about: [
      'Sells <amount> of the coin <mint> (N%: that share of the balance, rounded down; `all`: the whole balance) for at',
      'least the quote less the slippage, in ZEC (or SOL with --receive SOL).',
    ],
    options: [['--receive <ZEC|SOL>', 'what you receive (default ZEC)'], SLIPPAGE, ...FLOW],
    positionals: { names: ['<mint>', '<amount>'], required: 2 },
    after: REVIEW_LINES,
  },
  {
    name: 'swap',
    synopsis: 'sol-to-zec|zec-to-sol <amount> [--slippage BPS] [--wallet NAME | --key-file FILE] [--yes] [--json]',
    summary: 'swap SOL and ZEC on the SOL/ZEC pool',
    about: ['Swaps exactly <amount> SOL to ZEC (sol-to-zec), or <amount> ZEC to SOL (zec-to-sol), for at least the quote less the slippage.'],
    options: [SWAP_SLIPPAGE, ...FLOW],
    positionals: { names: ['sol-to-zec|zec-to-sol', '<amount>'], required: 2 },
    after: REVIEW_LINES,
  },
  {
    name: 'claim',
    synopsis: '<mint> [--wallet NAME | --key-file FILE] [--yes] [--json]',
    summary: "pay what waits in a coin's fee account to its payee",
    about: ["Sends the claim of the coin <mint>: what waits in its fee account goes to the payee recorded on chain. Your wallet sends it and pays the network fee; it gets nothing unless it is the payee."],
    options: [...FLOW],
    positionals: { names: ['<mint>'], required: 1 },
    after: REVIEW_LINES,
  },
  {
    name: 'payee',
    synopsis: '<mint> wallet:<ADDRESS>|holders [--wallet NAME | --key-file FILE] [--yes] [--json]',
    summary: "hand a coin's creator fees to another payee (you must be its payee now)",
    about: [
      "Changes the payee of the coin <mint> to wallet:<ADDRESS>, or to holders: the creator fees then pay holder",
      'rewards, for good (it can never be changed back). What waits is paid to the current payee first.',
    ],
    options: [...FLOW],
    positionals: { names: ['<mint>', '<payee>'], required: 2 },
    after: REVIEW_LINES,
  },
  {
    name: 'plant',
    synopsis: '--name NAME --symbol SYMBOL --image FILE [--description TEXT] [--payee me|holders|wallet:ADDRESS] [--first-buy ZEC] [--pair zec|native] [--wallet NAME | --key-file FILE] [--yes] [--json]',
    summary: 'plant a new coin: upload its image and words, create it, and buy first if asked',
    about: ['Uploads the coin\'s image and words, then creates it with a new mint key made here (signed second, after your wallet), and waits until it is listed.'],
    options: [
      ['--name <NAME>', 'the coin\'s name (at most 32 bytes)'],
      ['--symbol <SYMBOL>', '2 to 10 characters, A-Z and 0-9'],
      ['--image <FILE>', 'PNG, JPEG, WebP or GIF under 4 MB'],
      ['--description <TEXT>', 'what the coin is about'],
      ['--website <URL>', 'its website'],
      ['--twitter <URL>', 'its X/Twitter'],
      ['--telegram <URL>', 'its Telegram'],
      ['--payee <PAYEE>', 'who gets the creator fees: me (default), wallet:<ADDRESS>, or holders (holder rewards, for good)'],
      ['--first-buy <ZEC>', 'ZEC to spend on a first buy in the same transaction'],
      ['--pair <PAIR>', 'zec (default) or native'],
      ...FLOW,
    ],
    positionals: { names: [], required: 0 },
    after: REVIEW_LINES,
  },
];
