import { defaultSandboxDir } from '../config/paths.js';
import type { CommandGroupSpec, CommandSpec } from './command-spec.js';
import { CLI_ENV, ENVIRONMENT_LINES } from './cli-environment.js';
import { EXIT_CODE_LINES } from './exit-codes.js';
import { DEFAULT_API_URL, KEY_FILE_OPTION } from './trade-usage.js';

/** `launchdesk order …`: the local orders the server on this machine runs (`/local/orders`, not the hosted /v1). */

/** The kinds as the command line takes them (either spelling: `limit-buy` or the server's `limit_buy`). */
export const ORDER_KIND_WORDS = ['limit-buy', 'limit-sell', 'take-profit', 'stop-loss', 'trailing-stop', 'bracket', 'dca', 'sell-on-graduation'] as const;

const data = (): readonly [string, string] => ['--data <DIR>', `the data directory whose wallets.json lists your wallets (default: ${CLI_ENV.data}, else ${defaultSandboxDir()})`];
const API = ['--api <URL>', `the local server that runs the orders (default: ${CLI_ENV.api}, else ${DEFAULT_API_URL}, what \`launchdesk start\` or \`serve\` runs)`] as const;
const KEY_FILE = [KEY_FILE_OPTION[0], "the wallet as a Solana CLI keypair file instead of a keychain wallet: the CLI signs in with it for this command only and revokes that key after (the server still fills only its own desk's wallets)"] as const;
const JSON_FLAG = ['--json', "the server's answer as JSON on stdout, exactly"] as const;
const WHO = ['--wallet <NAME>', 'the wallet whose orders these are: its label or address (default: the one `launchdesk wallet use` chose)'] as const;

const CREDENTIALS = [
  'Orders spend your keychain wallets, so the server asks who is asking. By default the CLI signs in with the',
  "wallet's own key from the OS keychain (one message, no transaction, no funds) and keeps the API key it gets",
  'in the OS keychain (service `launchdesk-order-keys`, one entry per server and wallet), so it signs in again',
  'only when the server no longer takes that key. Instead, set LAUNCHDESK_DESK_TOKEN to the desk token',
  '(the #token=… of the URL `launchdesk start` printed: every wallet of this desk), or LAUNCHDESK_API_KEY to',
  "a key signed in with the order's wallet (that wallet's orders only). Neither is ever taken from the command",
  'line, where other users and your shell history could read it. With --key-file FILE (or LAUNCHDESK_KEY_FILE) the',
  'CLI signs in with that keypair file for the one command, keeps nothing and revokes the key when done.',
];

const ORDER_ID = { names: ['<id>'], required: 1 } as const;
const AFTER = ['', ...CREDENTIALS, '', ...ENVIRONMENT_LINES, '', ...EXIT_CODE_LINES];

const onOne = (verb: 'show' | 'cancel' | 'resume', summary: string, about: readonly string[]): CommandSpec => ({
  name: `order ${verb}`,
  synopsis: '<id> [--wallet NAME | --key-file FILE] [--api URL] [--json]',
  summary,
  about,
  options: [WHO, KEY_FILE, data(), API, JSON_FLAG],
  positionals: ORDER_ID,
  after: AFTER,
});

export const ORDER_GROUP: CommandGroupSpec = {
  name: 'order',
  synopsis: 'add|list|show|cancel|resume [arguments] [flags]',
  summary: 'orders that run on your machine: limit, take-profit, stop-loss, trailing, bracket, DCA, sell on graduation',
  about: [
    'Local orders: the server on this machine (`launchdesk start` or `serve`) watches the market and, when an',
    "order's trigger is met, builds, checks, signs with the wallet's keychain key and sends the fill itself,",
    'journalling every step. They run only while that server runs.',
  ],
  commands: [
    {
      name: 'order add',
      synopsis: '--mint MINT --kind KIND [--price ZEC] [--amount ZEC | --percent N] [kind flags] [--wallet NAME] [--json]',
      summary: 'place an order',
      about: [
        'Places an order for the coin --mint that the server fires by itself. What each kind takes:',
        '  limit-buy           --price P --amount ZEC    buys at or below P',
        '  limit-sell          --price P --percent N     sells at or above P',
        '  take-profit         --price P --percent N     sells at or above P',
        '  stop-loss           --price P --percent N     sells at or below P',
        '  trailing-stop       --trail 5% --percent N    sells 5% below its best',
        '  bracket             --take-profit P --stop-loss Q --percent N',
        '  dca                 --count N --every 1h --amount ZEC',
        '  sell-on-graduation  --percent N',
        '',
        'A trailing stop sells once a trade is that far below the best price since it was placed; a bracket sells at',
        'whichever of its two prices comes first; a DCA makes N buys, the first at once; sell-on-graduation sells',
        'when the coin graduates.',
        '',
        'Prices are ZEC per whole coin, exactly as typed (up to 18 decimals). --amount is ZEC spent by each buy,',
        'up to 8 decimals; --percent the share of the position a sale sells when it fills (100: all of it).',
        'Durations: 30s, 5m, 1h, 2d, or 1h30m.',
      ],
      options: [
        ['--wallet <NAME>', 'the wallet that pays and signs the fills: its label or address (default: the one `launchdesk wallet use` chose)'],
        ['--mint <MINT>', 'the coin'],
        ['--kind <KIND>', `what the order waits for: ${ORDER_KIND_WORDS.join(', ')}`],
        ['--price <ZEC>', 'limit-buy, limit-sell, take-profit, stop-loss: the trigger price, ZEC per whole coin'],
        ['--take-profit <ZEC>', 'bracket: sells at or above this price'],
        ['--stop-loss <ZEC>', 'bracket: sells at or below this price (below --take-profit)'],
        ['--trail <PERCENT>', 'trailing-stop: how far below the best price it sells (5% or 0.5%)'],
        ['--trail-bps <BPS>', 'trailing-stop: the same in basis points (500 is 5%), from 1 to 9999'],
        ['--count <N>', 'dca: how many buys, from 1 to 1000'],
        ['--every <DURATION>', 'dca: the time between buys (30s, 5m, 1h)'],
        ['--amount <ZEC>', 'limit-buy, dca: ZEC each buy spends'],
        ['--percent <N>', 'sales: the share of the position to sell when it fills, from 1 to 100 (100: all of it)'],
        ['--slippage-bps <BPS>', "each fill's slippage, 0 to 2000 basis points (default: the wallet's preset)"],
        ['--priority-fee <MICRO_LAMPORTS>', "each fill's compute unit price (default: the wallet's preset)"],
        ['--expires <WHEN>', 'when it expires unfilled: an ISO 8601 time, or a duration from now (2h, 7d)'],
        KEY_FILE,
        data(),
        API,
        JSON_FLAG,
      ],
      positionals: { names: [], required: 0 },
      after: AFTER,
    },
    {
      name: 'order list',
      synopsis: '[--wallet NAME | --key-file FILE] [--mint MINT] [--state STATE] [--api URL] [--json]',
      summary: 'the orders, newest first, as a table',
      about: [
        "Lists the orders of the wallet (signed in with its key), or with LAUNCHDESK_DESK_TOKEN every wallet's unless",
        '--wallet names one. --state takes open, filling, filled, cancelled, expired, paused, or active (open,',
        'filling and paused).',
      ],
      options: [WHO, KEY_FILE, ['--mint <MINT>', "only this coin's orders"], ['--state <STATE>', 'only orders in this state, or active'], data(), API, JSON_FLAG],
      positionals: { names: [], required: 0 },
      after: AFTER,
    },
    onOne('show', 'an order, its fills and its journal', ['Shows the order <id> (o_…): its trigger, its fills with their signatures, and the journal of every step the server took.']),
    onOne('cancel', 'cancel an order', ['Cancels the order <id>: it fires no more. A fill already sent is not undone; `order show` tells.']),
    onOne('resume', 'resume a paused order', ['Opens the paused order <id> again (a fill was refused or failed past its retries: `order show` says why).']),
  ],
};
