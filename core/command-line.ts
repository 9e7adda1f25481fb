import { parseArgs, type ParseArgsConfig } from 'node:util';
import { defaultSandboxDir } from './config/paths.js';
import { DeskError } from './errors.js';

/**
 * The `launchdesk` command line: each command's flags and usage text, and reading argv against them.
 * A `--help` (or `-h`) anywhere prints the command's usage and runs nothing; a flag or argument the
 * command does not take is a usage error (exit status 2) naming it, followed by that usage.
 */

export const COMMAND_NAMES = ['start', 'serve', 'sandbox', 'index', 'runs', 'keys', 'airdrop', 'stock', 'help'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

interface CommandSpec {
  /** Arguments after the command name, as the usage line shows them. */
  readonly synopsis: string;
  readonly summary: string;
  /** The lines under the usage line: what the command does, then one line per flag. */
  readonly details: readonly string[];
  readonly options: NonNullable<ParseArgsConfig['options']>;
  /** The positional arguments it takes, by name; the first `required` of them must be given. */
  readonly positionals: { readonly names: readonly string[]; readonly required: number };
}

const NONE = { names: [], required: 0 } as const;
const DATA = { data: { type: 'string' } } as const;
const HELP = { help: { type: 'boolean', short: 'h' } } as const;
const dataLine = () => `  --data DIR       the sandbox's data directory (default ${defaultSandboxDir()})`;
const RPC_PORT_LINES = [
  "  --rpc-port N     the sandbox's Solana JSON-RPC on 127.0.0.1 (default 8899; 0 picks a free one);",
  '                   its WebSocket is always on N + 1, where Solana clients look for it',
];
const API_PORT_LINE = '  --port N         the /v1 server on 127.0.0.1 (default 7439; 0 picks a free one)';
const EMPTY = { empty: { type: 'boolean' } } as const;
const ACTIVITY = { activity: { type: 'string' } } as const;
const ACTIVITY_LINE = '  --activity N     N simulated traders keep trading the seeded market (paper trading; off by default)';
const EMPTY_LINES = [
  '  --empty          a new sandbox without the seeded market (a few dozen coins traded over the last hours,',
  '                   planted on first use); a sandbox made empty stays empty',
];
const NO_RUNS = { 'no-runs': { type: 'boolean' } } as const;
const NO_RUNS_LINE = "  --no-runs        do not send the service's runs (fee splits, claims, holder rewards, migrations)";
const CLUSTER_LINES = [
  '  --rpc URL        another cluster\'s JSON-RPC (http or https) instead of the sandbox; needs --profile',
  "  --profile FILE   that cluster's network profile (program, mint and account addresses; its WebSocket URL)",
];

const COMMANDS: Readonly<Record<CommandName, CommandSpec>> = {
  start: {
    synopsis: '[--data DIR] [--port N] [--rpc-port N] [--empty] [--activity N] [--no-runs]',
    summary: 'the desk (Electron), or the headless server where Electron is not installed',
    details: ['Opens the desk window over the local services; without Electron it runs `launchdesk serve`.', '', dataLine(), API_PORT_LINE, ...RPC_PORT_LINES, ...EMPTY_LINES, ACTIVITY_LINE, NO_RUNS_LINE],
    options: { ...DATA, port: { type: 'string' }, 'rpc-port': { type: 'string' }, ...EMPTY, ...ACTIVITY, ...NO_RUNS, ...HELP },
    positionals: NONE,
  },
  serve: {
    synopsis: '[--data DIR] [--port N] [--rpc-port N] [--empty] [--activity N] [--no-runs] [--rpc URL --profile FILE]',
    summary: 'the headless server: /v1, the indexer in-process, and the sandbox with its JSON-RPC',
    details: [
      'Runs the sandbox in DIR with its Solana JSON-RPC, the indexer, and /v1 on 127.0.0.1; with --rpc and',
      '--profile, the indexer and /v1 over that cluster instead (no sandbox). Ctrl-C stops it.',
      '',
      dataLine(),
      API_PORT_LINE,
      ...RPC_PORT_LINES,
      ...EMPTY_LINES,
      ACTIVITY_LINE,
      NO_RUNS_LINE,
      ...CLUSTER_LINES,
      '',
      "The service's runs are sent by the sandbox's own authority; over another cluster they are off.",
    ],
    options: { ...DATA, port: { type: 'string' }, 'rpc-port': { type: 'string' }, ...EMPTY, ...ACTIVITY, ...NO_RUNS, rpc: { type: 'string' }, profile: { type: 'string' }, ...HELP },
    positionals: NONE,
  },
  sandbox: {
    synopsis: '[--data DIR] [--rpc-port N] [--empty]',
    summary: 'the embedded cluster and its Solana JSON-RPC (default port 8899, WebSocket 8900)',
    details: ['Runs the sandbox cluster in DIR (created on first use) and answers Solana JSON-RPC on 127.0.0.1.', '', dataLine(), ...RPC_PORT_LINES, ...EMPTY_LINES],
    options: { ...DATA, 'rpc-port': { type: 'string' }, ...EMPTY, ...HELP },
    positionals: NONE,
  },
  index: {
    synopsis: '[--data DIR] [--rpc URL --profile FILE]',
    summary: 'the indexer, headless, into DIR/index.sqlite',
    details: [
      'Follows the sandbox in DIR (in this process, or through the copy already running there), or the',
      'cluster at --rpc, and keeps DIR/index.sqlite current. Ctrl-C stops it.',
      '',
      dataLine(),
      ...CLUSTER_LINES,
    ],
    options: { ...DATA, rpc: { type: 'string' }, profile: { type: 'string' }, ...HELP },
    positionals: NONE,
  },
  runs: {
    synopsis: '[--data DIR]',
    summary: "what the service's runs did, what waits and what failed (splits, claims, holder rewards, migrations)",
    details: [
      "Reads DIR/runs.sqlite, kept by `launchdesk serve` or `start` (it may be running): each coin's runs that failed,",
      'with the reason and when they are tried again; those waiting, and when; and what each last did.',
      '',
      dataLine(),
    ],
    options: { ...DATA, ...HELP },
    positionals: NONE,
  },
  keys: {
    synopsis: 'raise|lower <key prefix> [--data DIR]',
    summary: "set an API key's rate tier (raised limits are given by hand)",
    details: ["Raises a key to the raised tier, or lowers it back to standard. <key prefix> is the key's first 12 characters.", '', dataLine()],
    options: { ...DATA, ...HELP },
    positionals: { names: ['raise|lower', '<key prefix>'], required: 2 },
  },
  airdrop: {
    synopsis: '<wallet> [--sol N] [--zec N] [--native N] [--data DIR]',
    summary: 'sandbox play money to a wallet',
    details: [
      'Sends SOL, ZEC or the native coin from the sandbox faucet (10 SOL when no amount is given), through the',
      'sandbox running in DIR or, when none runs, opening it here.',
      '',
      '  --sol N          SOL, in whole units (decimals allowed)',
      '  --zec N          ZEC, in whole units (up to 8 decimals)',
      '  --native N       the native coin, in whole units (up to 6 decimals)',
      dataLine(),
    ],
    options: { ...DATA, sol: { type: 'string' }, zec: { type: 'string' }, native: { type: 'string' }, ...HELP },
    positionals: { names: ['<wallet>'], required: 1 },
  },
  stock: {
    synopsis: '<key> <action> [value] [--to ADDRESS] [--in SECONDS] [--data DIR]',
    summary: "sandbox only: an issuer's or the service's action on a stock (for trying the issuer status)",
    details: [
      'Does to the stock <key> (nvdax, tslax, amd, …) what its issuer could do, with the issuer\'s own keys, on the',
      'sandbox running in DIR or, when none runs, opening it here. The issuer status (GET /v1/stocks/issuers, the',
      "desk's Stocks page) shows the change on its next read (at most 15 seconds).",
      '',
      '  rotate ROLE          hand a role to a new key (ROLE: mint-authority, freeze-authority, pause-authority, …);',
      '                       --to ADDRESS names the key',
      '  pause | resume       the issuer pauses or resumes every transfer of the token',
      '  multiplier-step [M]  schedule a normal step of the share multiplier (+1%, or M; at most +2%) a day ahead,',
      '                       or --in SECONDS',
      '  multiplier-move M    move the multiplier to M at once (a change, not a step)',
      '  default-state S      new accounts start S (frozen or initialized)',
      '  auto-approve on|off  confidential transfers approve new accounts by themselves',
      '  close-mint           close the mint (only while none of it circulates)',
      "  multisig-threshold N | multisig-members | upgrade-program | program-authority | wallet-data",
      "                       change the issuer's own keys: its multisig, its transfer agent program, a wallet",
      '  hold stock-switch-off|review | release',
      '                       the service holds the stock back, or opens it again',
      '  launchdesk stock all pairs on|off',
      '                       stock pairs on or off service-wide',
      '',
      dataLine(),
    ],
    options: { ...DATA, to: { type: 'string' }, in: { type: 'string' }, ...HELP },
    positionals: { names: ['<key>', '<action>', '[value]'], required: 2 },
  },
  help: {
    synopsis: '[command]',
    summary: "this overview, or a command's usage",
    details: [],
    options: { ...HELP },
    positionals: { names: ['[command]'], required: 0 },
  },
};

function isCommandName(name: string): name is CommandName {
  return (COMMAND_NAMES as readonly string[]).includes(name);
}

/** One command's usage: its line, what it does, its flags. */
export function commandUsage(name: CommandName): string {
  const spec = COMMANDS[name];
  return [`Usage: launchdesk ${name} ${spec.synopsis}`, '', ...(spec.details.length > 0 ? spec.details : [spec.summary]), ''].join('\n');
}

/** Every command in one line each, for `launchdesk`, `launchdesk help` and `launchdesk --help`. */
export function overview(): string {
  const width = Math.max(...COMMAND_NAMES.map((name) => name.length));
  return [
    'launchdesk — trading and launch desk for a ZEC-quoted Solana launchpad',
    '',
    'Usage: launchdesk <command> [flags]',
    '',
    'Commands:',
    ...COMMAND_NAMES.map((name) => `  ${name.padEnd(width)}  ${COMMANDS[name].summary}`),
    '',
    "Run `launchdesk <command> --help` (or `launchdesk help <command>`) for a command's flags.",
    '',
  ].join('\n');
}

/** A usage error: the CLI prints it to stderr and exits with status 2. */
function usageError(message: string, usage: string): DeskError {
  return new DeskError('usage', `${message}\n\n${usage}`);
}

export type CommandLine =
  | { readonly kind: 'help'; readonly text: string }
  | {
      readonly kind: 'run';
      readonly command: Exclude<CommandName, 'help'>;
      readonly values: Readonly<Record<string, string | boolean | undefined>>;
      readonly positionals: readonly string[];
      /** The arguments after the command name, as given (`start` hands them on to Electron). */
      readonly rest: readonly string[];
    };

/** Reads argv (without node and the script) against the command it names; throws a usage error for anything it does not take. */
export function readCommandLine(argv: readonly string[]): CommandLine {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h') return { kind: 'help', text: overview() };
  if (!isCommandName(first)) throw usageError(`unknown command "${first}"`, overview());
  const spec = COMMANDS[first];
  // Help wins over anything else on the line, up to a `--` that ends the flags.
  const flags = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  if (flags.includes('--help') || flags.includes('-h')) return { kind: 'help', text: commandUsage(first) };
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...rest], options: spec.options, allowPositionals: spec.positionals.names.length > 0, strict: true }) as typeof parsed;
  } catch (error) {
    // Node's own words name the flag: "Unknown option '--bogus'", "Option '--data <value>' argument missing".
    throw usageError(`${first}: ${(error as Error).message}`, commandUsage(first));
  }
  const { positionals } = parsed;
  if (first === 'help') {
    const topic = positionals[0];
    if (topic === undefined) return { kind: 'help', text: overview() };
    if (!isCommandName(topic)) throw usageError(`unknown command "${topic}"`, overview());
    return { kind: 'help', text: commandUsage(topic) };
  }
  const { names, required } = spec.positionals;
  if (positionals.length < required) throw usageError(`${first}: missing ${names.slice(positionals.length, required).join(' ')}`, commandUsage(first));
  if (positionals.length > names.length) throw usageError(`${first}: unexpected argument "${positionals[names.length]}"`, commandUsage(first));
  return { kind: 'run', command: first, values: parsed.values, positionals, rest };
}
