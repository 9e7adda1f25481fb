import { defaultSandboxDir } from '../config/paths.js';
import { NO_POSITIONALS, type CommandSpec } from './command-spec.js';

/** The commands that run or look after the local services: the desk, the server, the sandbox, the indexer and their admin. */

const data = (): readonly [string, string] => ['--data <DIR>', `the sandbox's data directory (default ${defaultSandboxDir()})`];
const RPC_PORT = ['--rpc-port <N>', "the sandbox's Solana JSON-RPC on 127.0.0.1 (default 8899; 0 picks a free one); its WebSocket is always on N + 1, where Solana clients look for it"] as const;
const API_PORT = ['--port <N>', 'the /v1 server on 127.0.0.1 (default 7439; 0 picks a free one)'] as const;
const EMPTY = ['--empty', 'a new sandbox without the seeded market (a few dozen coins traded over the last hours, planted on first use); a sandbox made empty stays empty'] as const;
const ACTIVITY = ['--activity <N>', 'N simulated traders keep trading the seeded market (paper trading; off by default)'] as const;
const NO_RUNS = ['--no-runs', "do not send the service's runs (fee splits, claims, holder rewards, migrations)"] as const;
const RPC = ['--rpc <URL>', "another cluster's JSON-RPC (http or https) instead of the sandbox; needs --profile"] as const;
const PROFILE = ['--profile <FILE>', "that cluster's network profile (program, mint and account addresses; its WebSocket URL)"] as const;

export const SERVICE_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'start',
    synopsis: '[--data DIR] [--port N] [--rpc-port N] [--empty] [--activity N] [--no-runs]',
    summary: 'the desk (Electron), or the headless server where Electron is not installed',
    about: ['Opens the desk window over the local services; without Electron it runs `launchdesk serve`.'],
    options: [data(), API_PORT, RPC_PORT, EMPTY, ACTIVITY, NO_RUNS],
    positionals: NO_POSITIONALS,
  },
  {
    name: 'serve',
    synopsis: '[--data DIR] [--port N] [--rpc-port N] [--empty] [--activity N] [--no-runs] [--rpc URL --profile FILE]',
    summary: 'the headless server: /v1, the indexer in-process, and the sandbox with its JSON-RPC',
    about: [
      'Runs the sandbox in DIR with its Solana JSON-RPC, the indexer, and /v1 on 127.0.0.1; with --rpc and',
      '--profile, the indexer and /v1 over that cluster instead (no sandbox). Ctrl-C stops it.',
    ],
    options: [data(), API_PORT, RPC_PORT, EMPTY, ACTIVITY, NO_RUNS, RPC, PROFILE],
    positionals: NO_POSITIONALS,
    after: ["The service's runs are sent by the sandbox's own authority; over another cluster by the profile's runs.authorityKeypair, else they are off."],
  },
  {
    name: 'sandbox',
    synopsis: '[--data DIR] [--rpc-port N] [--empty]',
    summary: 'the embedded cluster and its Solana JSON-RPC (default port 8899, WebSocket 8900)',
    about: ['Runs the sandbox cluster in DIR (created on first use) and answers Solana JSON-RPC on 127.0.0.1.'],
    options: [data(), RPC_PORT, EMPTY],
    positionals: NO_POSITIONALS,
  },
  {
    name: 'index',
    synopsis: '[--data DIR] [--rpc URL --profile FILE]',
    summary: 'the indexer, headless, into DIR/index.sqlite',
    about: [
      'Follows the sandbox in DIR (in this process, or through the copy already running there), or the',
      'cluster at --rpc, and keeps DIR/index.sqlite current. Ctrl-C stops it.',
    ],
    options: [data(), RPC, PROFILE],
    positionals: NO_POSITIONALS,
  },
  {
    name: 'runs',
    synopsis: '[--data DIR]',
    summary: "what the service's runs did, what waits and what failed (splits, claims, holder rewards, migrations)",
    about: [
      "Reads DIR/runs.sqlite, kept by `launchdesk serve` or `start` (it may be running): each coin's runs that failed,",
      'with the reason and when they are tried again; those waiting, and when; and what each last did.',
    ],
    options: [data()],
    positionals: NO_POSITIONALS,
  },
  {
    name: 'keys',
    synopsis: 'raise|lower <key prefix> [--data DIR]',
    summary: "set an API key's rate tier (raised limits are given by hand)",
    about: ["Raises a key to the raised tier, or lowers it back to standard. <key prefix> is the key's first 12 characters."],
    options: [data()],
    positionals: { names: ['raise|lower', '<key prefix>'], required: 2 },
  },
  {
    name: 'airdrop',
    synopsis: '<wallet> [--sol N] [--zec N] [--native N] [--data DIR]',
    summary: 'sandbox play money to a wallet',
    about: [
      'Sends SOL, ZEC or the native coin from the sandbox faucet (10 SOL when no amount is given), through the',
      'sandbox running in DIR or, when none runs, opening it here. <wallet> is an address, or the label of one',
      'of your wallets (`launchdesk wallet list`).',
    ],
    options: [
      ['--sol <N>', 'SOL, in whole units (up to 9 decimals)'],
      ['--zec <N>', 'ZEC, in whole units (up to 8 decimals)'],
      ['--native <N>', 'the native coin, in whole units (up to 6 decimals)'],
      data(),
    ],
    positionals: { names: ['<wallet>'], required: 1 },
  },
  {
    name: 'stock',
    synopsis: '<key> <action> [value] [--to ADDRESS] [--in SECONDS] [--data DIR]',
    summary: "sandbox only: an issuer's or the service's action on a stock (for trying the issuer status)",
    about: [
      "Does to the stock <key> (nvdax, tslax, amd, …) what its issuer could do, with the issuer's own keys, on the",
      "sandbox running in DIR or, when none runs, opening it here. The issuer status (GET /v1/stocks/issuers, the",
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
      '  multisig-threshold N | multisig-members | upgrade-program | program-authority | wallet-data',
      "                       change the issuer's own keys: its multisig, its transfer agent program, a wallet",
      '  hold stock-switch-off|review | release',
      '                       the service holds the stock back, or opens it again',
      '  launchdesk stock all pairs on|off',
      '                       stock pairs on or off service-wide',
    ],
    options: [
      ['--to <ADDRESS>', 'rotate: the key a role is handed to'],
      ['--in <SECONDS>', 'multiplier-step: when the step takes effect'],
      data(),
    ],
    positionals: { names: ['<key>', '<action>', '[value]'], required: 2 },
  },
];
