import { defaultSandboxDir } from '../config/paths.js';
import { CLI_ENV, ENVIRONMENT_LINES } from './cli-environment.js';
import { NO_POSITIONALS, type CommandGroupSpec, type CommandSpec } from './command-spec.js';
import { API_OPTION, KEY_FILE_OPTION, WALLET_OPTION } from './trade-usage.js';

/** The commands that run or look after the local services: the desk, the server, the sandbox, the indexer and their admin. */

const data = (): readonly [string, string] => ['--data <DIR>', `the sandbox's data directory (default: ${CLI_ENV.data}, else ${defaultSandboxDir()})`];
const JSON_FLAG = ['--json', 'one JSON answer on stdout (amounts as decimal strings); a refusal too, as {"ok": false, "exitCode", "error": {"code", "message"}}'] as const;
const READY_JSON = ['--json', 'once ready, one JSON line on stdout with the URLs and addresses the ready lines show; progress goes to stderr'] as const;
const RPC_PORT = ['--rpc-port <N>', "the sandbox's Solana JSON-RPC on 127.0.0.1 (default 8899; 0 picks a free one); its WebSocket is always on N + 1, where Solana clients look for it"] as const;
const API_PORT = ['--port <N>', 'the /v1 server on 127.0.0.1 (default 7439; 0 picks a free one)'] as const;
const EMPTY = ['--empty', 'a new sandbox without the seeded market (a few dozen coins traded over the last hours, planted on first use); a sandbox made empty stays empty'] as const;
const ACTIVITY = ['--activity <N>', 'N simulated traders keep trading the seeded market (paper trading; off by default)'] as const;
const KEEP = ['--keep-transactions <N|all>', 'how many of the latest sandbox transactions keep their full records (default all); older ones are forgotten as by a validator with a ledger limit (getTransaction answers null), and an index rebuilt later will not see them'] as const;
const NO_RUNS = ['--no-runs', "do not send the service's runs (fee splits, claims, holder rewards, migrations)"] as const;
const RPC = ['--rpc <URL>', "another cluster's JSON-RPC (http or https) instead of the sandbox; needs --profile"] as const;
const PROFILE = ['--profile <FILE>', "that cluster's network profile (program, mint and account addresses; its WebSocket URL)"] as const;

const keyPrefixTier = (verb: 'raise' | 'lower', summary: string, about: string): CommandSpec => ({
  name: `keys ${verb}`,
  synopsis: '<key prefix> [--data DIR | --index postgres://…] [--json]',
  summary,
  about: [about, "<key prefix> is the key's first 12 characters (`keys create` prints it); the server in DIR keeps the keys, or the hosted /v1's database with --index."],
  options: [data(), ['--index <URL>', "postgres://user@host:port/database: the hosted /v1's keys (the URL its replicas take)"], JSON_FLAG],
  positionals: { names: ['<key prefix>'], required: 1 },
});

/** `launchdesk keys …`: API keys, made by signing in with a wallet, and their rate tier (set by hand). */
export const KEYS_GROUP: CommandGroupSpec = {
  name: 'keys',
  synopsis: 'create|raise|lower [arguments] [flags]',
  summary: "API keys: make one by signing in with a wallet; set a key's rate tier",
  about: ['An API key raises the rate limits of /v1 (send it as Authorization: Bearer <KEY>, or LAUNCHDESK_API_KEY for the CLI).'],
  commands: [
    {
      name: 'keys create',
      synopsis: '[--wallet NAME | --key-file FILE] [--api URL] [--json]',
      summary: 'make an API key by signing in with a wallet, and print it (shown this once)',
      about: [
        "Signs in to the /v1 server with the wallet: one Sign-In With Solana message (POST /v1/auth/challenge, then",
        'POST /v1/keys), no transaction, no funds. Prints the key alone on stdout, the notes on stderr; with --json',
        'the server\'s answer: {"key", "wallet", "id", "prefix", "tier", "createdAt", ...}. The key is shown this once',
        'and kept nowhere by the CLI: store it now. A wallet has at most 5 live keys.',
      ],
      options: [WALLET_OPTION, KEY_FILE_OPTION, ['--data <DIR>', `the data directory whose wallets.json lists your keychain wallets (default: ${CLI_ENV.data}, else ${defaultSandboxDir()})`], API_OPTION, JSON_FLAG],
      positionals: NO_POSITIONALS,
      after: ['', ...ENVIRONMENT_LINES],
    },
    keyPrefixTier('raise', "raise a key to the raised rate tier (raised limits are given by hand)", 'Raises the key to the raised tier.'),
    keyPrefixTier('lower', 'lower a key back to the standard rate tier', 'Lowers the key back to the standard tier.'),
  ],
};

export const SERVICE_COMMANDS: readonly (CommandSpec | CommandGroupSpec)[] = [
  {
    name: 'start',
    synopsis: '[--data DIR] [--port N] [--rpc-port N] [--empty] [--activity N] [--keep-transactions N] [--no-runs]',
    summary: 'the desk (Electron), or the headless server where Electron is not installed',
    about: ['Opens the desk window over the local services; without Electron it runs `launchdesk serve`.'],
    options: [data(), API_PORT, RPC_PORT, EMPTY, ACTIVITY, KEEP, NO_RUNS, READY_JSON],
    positionals: NO_POSITIONALS,
  },
  {
    name: 'serve',
    synopsis: '[--data DIR] [--port N] [--rpc-port N] [--empty] [--activity N] [--keep-transactions N] [--no-runs] [--rpc URL --profile FILE]',
    summary: 'the headless server: /v1, the indexer in-process, and the sandbox with its JSON-RPC',
    about: [
      'Runs the sandbox in DIR with its Solana JSON-RPC, the indexer, and /v1 on 127.0.0.1; with --rpc and',
      '--profile, the indexer and /v1 over that cluster instead (no sandbox). Ctrl-C stops it.',
    ],
    options: [data(), API_PORT, RPC_PORT, EMPTY, ACTIVITY, KEEP, NO_RUNS, RPC, PROFILE, READY_JSON],
    positionals: NO_POSITIONALS,
    after: ["The service's runs are sent by the sandbox's own authority; over another cluster by the profile's runs.authorityKeypair, else they are off."],
  },
  {
    name: 'sandbox',
    synopsis: '[--data DIR] [--rpc-port N] [--empty] [--keep-transactions N]',
    summary: 'the embedded cluster and its Solana JSON-RPC (default port 8899, WebSocket 8900)',
    about: ['Runs the sandbox cluster in DIR (created on first use) and answers Solana JSON-RPC on 127.0.0.1.'],
    options: [data(), RPC_PORT, EMPTY, KEEP, READY_JSON],
    positionals: NO_POSITIONALS,
  },
  {
    name: 'index',
    synopsis: '[--data DIR] [--rpc URL --profile FILE] [--index postgres://…]',
    summary: 'the indexer, headless, into DIR/index.sqlite (or the hosted index in PostgreSQL)',
    about: [
      'Follows the sandbox in DIR (in this process, or through the copy already running there), or the',
      'cluster at --rpc, and keeps DIR/index.sqlite current. Ctrl-C stops it.',
      'With --index postgres://…, it is the hosted index\'s writer: it keeps its working file in DIR and ships',
      'every batch to that PostgreSQL database, which `launchdesk api` replicas read. One writer at a time: a',
      'second one started beside it stands by, follows the first, and takes over when the first stops or dies.',
    ],
    options: [data(), RPC, PROFILE, ['--index <URL>', 'postgres://user@host:port/database: write the hosted index there (docs/hosting.md)'], READY_JSON],
    positionals: NO_POSITIONALS,
  },
  {
    name: 'api',
    synopsis: '--index postgres://… --host NAME[,NAME] [--listen ADDR:PORT] [--trusted-proxy ADDR[,ADDR]] [--rpc URL --profile FILE | --data DIR]',
    summary: 'one replica of the hosted /v1, reading the index in PostgreSQL (docs/hosting.md)',
    about: [
      'Serves /v1 for the host names given, reading the hosted index that `launchdesk index --index …` writes, and',
      'sharing builds, API keys and rate limits with every other replica through the same database. Run as many as',
      'wanted, behind a TLS-terminating proxy. No desk, keychain, faucet or desk routes. Ctrl-C stops it.',
    ],
    options: [
      ['--index <URL>', 'postgres://user@host:port/database: the hosted index (required)'],
      ['--host <NAMES>', 'the names clients reach this service by, comma-separated (required); any other Host is refused'],
      ['--listen <ADDR:PORT>', 'where to listen (default 127.0.0.1:7440; the proxy connects here)'],
      ['--trusted-proxy <ADDRS>', "the proxies' addresses, comma-separated: their X-Forwarded-For says each caller's address (its rate limits)"],
      RPC,
      PROFILE,
      data(),
      READY_JSON,
    ],
    positionals: NO_POSITIONALS,
  },
  {
    name: 'runs',
    synopsis: '[--data DIR] [--json]',
    summary: "what the service's runs did, what waits and what failed (splits, claims, holder rewards, migrations)",
    about: [
      "Reads DIR/runs.sqlite, kept by `launchdesk serve` or `start` (it may be running): each coin's runs that failed,",
      'with the reason and when they are tried again; those waiting, and when; and what each last did.',
      'With --json: {"jobs": [...]}, each job as the journal keeps it.',
    ],
    options: [data(), JSON_FLAG],
    positionals: NO_POSITIONALS,
  },
  KEYS_GROUP,
  {
    name: 'airdrop',
    synopsis: '<wallet> [--sol N] [--zec N] [--native N] [--data DIR] [--json]',
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
      JSON_FLAG,
    ],
    positionals: { names: ['<wallet>'], required: 1 },
  },
  {
    name: 'stock',
    synopsis: '<key> <action> [value] [--to ADDRESS] [--in SECONDS] [--data DIR] [--json]',
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
      JSON_FLAG,
    ],
    positionals: { names: ['<key>', '<action>', '[value]'], required: 2 },
  },
];
