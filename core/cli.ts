#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isLaunchdeskError } from './client/client-error.js';
import { readCommandLine } from './command-line.js';
import { isDeskError } from './errors.js';
import type { CommandValues } from './cli/command-values.js';
import { Declined, exitCodeOf, LandedThenFailed } from './cli/exit-codes.js';

/** The local /v1 server's default port (core/cli/trade-usage.ts says it once). */
export { DEFAULT_API_PORT } from './cli/trade-usage.js';

/**
 * `launchdesk`: the command line is read (core/command-line.ts, with commander) and the command it names
 * run; each command's code lives in core/cli/, one concept per file. Exit statuses: core/cli/exit-codes.ts.
 */
type Run = (positionals: readonly string[], values: CommandValues, rest: readonly string[]) => Promise<void> | void;

// Each command's code is loaded when it runs: `launchdesk buy` never loads the sandbox, the indexer or the server.
const services = () => import('./cli/service-commands.js');
const admin = () => import('./cli/admin-commands.js');
const wallets = () => import('./cli/wallet-commands.js');
const trading = () => import('./cli/trade-commands.js');
const orders = () => import('./cli/order-commands.js');

const COMMANDS: Readonly<Record<string, Run>> = {
  start: async (_p, values, rest) => (await services()).runStart(values, rest),
  serve: async (_p, values) => (await services()).runServe(values),
  sandbox: async (_p, values) => (await services()).runSandboxAlone(values),
  index: async (_p, values) => (await services()).runIndex(values),
  runs: async (_p, values) => (await admin()).showRuns(values),
  keys: async (p, values) => (await admin()).adminKeys(p, values),
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
  const run = COMMANDS[line.command];
  if (!run) throw new Error(`the command line names ${line.command}, which runs nothing`);
  await run(line.positionals, line.values, line.rest);
}

/** What a person reads: the error's own words where it has them, the stack only for a bug. */
function wordsOf(error: unknown): string {
  if (isDeskError(error) || isLaunchdeskError(error) || error instanceof RangeError || error instanceof Declined || error instanceof LandedThenFailed) return error.message;
  return String((error as Error).stack ?? error);
}

const invokedDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) {
  const json = process.argv.includes('--json');
  main(process.argv.slice(2)).catch((error: unknown) => {
    const code = exitCodeOf(error);
    process.stderr.write(`launchdesk: ${wordsOf(error)}\n`);
    // A script asked for JSON gets its failure as JSON too, with the exit status and the spec's code.
    if (json && code !== 2) {
      const errorCode = isDeskError(error) || isLaunchdeskError(error) ? error.code : error instanceof Declined ? 'declined' : error instanceof LandedThenFailed ? 'landed_then_failed' : 'failed';
      const landed = error instanceof LandedThenFailed ? { signatures: error.signatures } : {};
      process.stdout.write(`${JSON.stringify({ ok: false, exitCode: code, error: { code: errorCode, message: (error as Error).message }, ...landed })}\n`);
    }
    process.exit(code);
  });
}
