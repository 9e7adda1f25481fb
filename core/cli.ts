#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isLaunchdeskError } from './client/client-error.js';
import { CommandLineRefusal, readCommandLine } from './cli/command-line.js';
import { isDeskError } from './errors.js';
import type { CommandValues } from './cli/command-values.js';
import { Declined, exitCodeOf, LandedThenFailed } from './cli/exit-codes.js';

/** The local /v1 server's default port (core/cli/trade-usage.ts says it once). */
export { DEFAULT_API_PORT } from './cli/trade-usage.js';

/**
 * `launchdesk`: the command line is read (core/cli/command-line.ts, with commander) and the command it names
 * run; each command's code lives in core/cli/, one concept per file. Exit statuses: core/cli/exit-codes.ts.
 */
type Run = (positionals: readonly string[], values: CommandValues, rest: readonly string[]) => Promise<void> | void;

// Each command's code is loaded when it runs: `launchdesk buy` never loads the sandbox, the indexer or the server.
const services = () => import('./cli/service-commands.js');
const admin = () => import('./cli/admin-commands.js');
const wallets = () => import('./cli/wallet-commands.js');
const trading = () => import('./cli/trade-commands.js');
const orders = () => import('./cli/order-commands.js');
const keys = () => import('./cli/key-commands.js');

const COMMANDS: Readonly<Record<string, Run>> = {
  start: async (_p, values, rest) => (await services()).runStart(values, rest),
  serve: async (_p, values) => (await services()).runServe(values),
  sandbox: async (_p, values) => (await services()).runSandboxAlone(values),
  index: async (_p, values) => (await services()).runIndex(values),
  api: async (_p, values) => (await services()).runHostedApi(values),
  runs: async (_p, values) => (await admin()).showRuns(values),
  'keys create': async (_p, values) => (await keys()).keysCreate(values),
  'keys raise': async (p, values) => (await admin()).adminKeys('raise', p, values),
  'keys lower': async (p, values) => (await admin()).adminKeys('lower', p, values),
  airdrop: async (p, values) => (await admin()).airdrop(p, values),
  stock: async (p, values) => (await admin()).adminStock(p, values),
  'wallet new': async (p, values) => (await wallets()).walletNew(p, values),
  'wallet import': async (p, values) => (await wallets()).walletImport(p, values),
  'wallet list': async (_p, values) => (await wallets()).walletList(values),
  'wallet remove': async (p, values) => (await wallets()).walletRemove(p, values),
  'wallet use': async (p, values) => (await wallets()).walletUse(p, values),
  quote: async (p, values) => (await trading()).quote(p, values),
  buy: async (p, values) => (await trading()).buy(p, values),
  sell: async (p, values) => (await trading()).sell(p, values),
  swap: async (p, values) => (await trading()).swap(p, values),
  claim: async (p, values) => (await trading()).claim(p, values),
  payee: async (p, values) => (await trading()).payee(p, values),
  plant: async (_p, values) => (await trading()).plant(values),
  'order add': async (_p, values) => (await orders()).orderAdd(values),
  'order list': async (_p, values) => (await orders()).orderList(values),
  'order show': async (p, values) => (await orders()).orderShow(p, values),
  'order cancel': async (p, values) => (await orders()).orderCancel(p, values),
  'order resume': async (p, values) => (await orders()).orderResume(p, values),
};

export async function main(argv: readonly string[]): Promise<void> {
  const line = readCommandLine(argv);
  if (line.kind === 'help') {
    process.stdout.write(line.text);
    return;
  }
  if (line.kind === 'version') {
    process.stdout.write(argv.includes('--json') ? `${JSON.stringify({ name: 'launchdesk', version: line.version })}\n` : `${line.version}\n`);
    return;
  }
  const run = COMMANDS[line.command];
  if (!run) throw new Error(`the command line names ${line.command}, which runs nothing`);
  await run(line.positionals, line.values, line.rest);
}

/** What a person reads: the error's own words where it has them, the stack only for a bug. */
function wordsOf(error: unknown): string {
  if (isDeskError(error) || isLaunchdeskError(error) || error instanceof RangeError || error instanceof Declined || error instanceof LandedThenFailed) return error.message;
  return String((error as Error).stack ?? error);
}

/**
 * A failure as the one JSON object a script asked for with --json: the exit status, the error's stable code
 * and its words (a refused command line's sentence, without the usage after it), and the signatures that
 * landed for status 5.
 */
export function failureJson(error: unknown): Record<string, unknown> {
  const errorCode = isDeskError(error) || isLaunchdeskError(error) ? error.code : error instanceof Declined ? 'declined' : error instanceof LandedThenFailed ? 'landed_then_failed' : 'failed';
  const message = error instanceof CommandLineRefusal ? error.sentence : error instanceof Error ? error.message : String(error);
  const landed = error instanceof LandedThenFailed ? { signatures: error.signatures } : {};
  return { ok: false, exitCode: exitCodeOf(error), error: { code: errorCode, message }, ...landed };
}

const invokedDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) {
  const argv = process.argv.slice(2);
  // --json before any `--` (after it, arguments are handed on as they are).
  const json = argv.slice(0, argv.includes('--') ? argv.indexOf('--') : argv.length).includes('--json');
  main(argv).catch((error: unknown) => {
    const code = exitCodeOf(error);
    process.stderr.write(`launchdesk: ${wordsOf(error)}\n`);
    // A script asked for JSON gets its failure as JSON too, a refused command line included.
    if (json) process.stdout.write(`${JSON.stringify(failureJson(error))}\n`);
    process.exit(code);
  });
}
