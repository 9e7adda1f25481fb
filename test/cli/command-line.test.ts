import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, commandUsage, readCommandLine } from '../../core/cli/command-line.js';
import { isDeskError } from '../../core/errors.js';

function usageErrorOf(argv: string[]): string {
  try {
    readCommandLine(argv);
  } catch (error) {
    if (isDeskError(error, 'usage')) return error.message;
    throw error;
  }
  throw new Error(`${argv.join(' ')} was taken`);
}

/** Every command's flags, usage and refusals, read without running anything. */
describe('launchdesk command line', () => {
  it.each(COMMAND_NAMES)('%s: --help, -h and help %s give its own usage', (command) => {
    for (const argv of [[command, '--help'], [command, '-h'], ['help', command]]) {
      const line = readCommandLine(argv);
      expect(line.kind).toBe('help');
      if (line.kind === 'help') expect(line.text).toMatch(new RegExp(`^Usage: launchdesk ${command} `));
    }
  });

  it.each(COMMAND_NAMES)('%s: an unknown flag is a usage error naming it, with the usage', (command) => {
    const message = usageErrorOf([command, '--frobnicate']);
    expect(message).toMatch(/Unknown option '--frobnicate'/);
    expect(message).toContain(`Usage: launchdesk ${command} `);
  });

  it('takes each command\'s own flags and arguments, and no other command\'s', () => {
    expect(readCommandLine(['serve', '--rpc-port', '0', '--port', '0'])).toMatchObject({ kind: 'run', command: 'serve', values: { 'rpc-port': '0', port: '0' } });
    expect(readCommandLine(['serve', '--empty', '--activity', '4'])).toMatchObject({ kind: 'run', command: 'serve', values: { empty: true, activity: '4' } });
    expect(readCommandLine(['sandbox', '--empty'])).toMatchObject({ kind: 'run', command: 'sandbox', values: { empty: true } });
    expect(() => readCommandLine(['sandbox', '--activity', '2'])).toThrow(/--activity/); // the sandbox alone has no traders to run
    expect(readCommandLine(['airdrop', 'W', '--zec', '1.5'])).toMatchObject({ kind: 'run', command: 'airdrop', positionals: ['W'], values: { zec: '1.5' } });
    expect(readCommandLine(['keys', 'raise', 'abc'])).toMatchObject({ kind: 'run', command: 'keys raise', positionals: ['abc'] });
    expect(readCommandLine(['keys', 'create', '--key-file', 'k.json', '--json'])).toMatchObject({ kind: 'run', command: 'keys create', values: { 'key-file': 'k.json', json: true } });
    expect(usageErrorOf(['sandbox', '--port', '1'])).toMatch(/Unknown option '--port'/);
    expect(usageErrorOf(['index', '--sol', '1'])).toMatch(/Unknown option '--sol'/);
    expect(usageErrorOf(['serve', '--data'])).toMatch(/'--data <DIR>' argument missing/);
    expect(usageErrorOf(['airdrop'])).toMatch(/^airdrop: missing <wallet>/);
    expect(usageErrorOf(['keys', 'raise'])).toMatch(/^keys raise: missing <key prefix>/);
    expect(usageErrorOf(['keys', 'create', 'x'])).toMatch(/^keys create: unexpected argument "x"/);
    expect(usageErrorOf(['airdrop', 'W', 'X'])).toMatch(/^airdrop: unexpected argument "X"/);
  });

  it('help wins over anything else on the line; the overview lists every command', () => {
    expect(readCommandLine(['serve', '--bogus', '--help'])).toMatchObject({ kind: 'help' });
    for (const argv of [[], ['--help'], ['-h'], ['help']]) {
      const line = readCommandLine(argv);
      expect(line.kind).toBe('help');
      for (const command of COMMAND_NAMES) expect(line.kind === 'help' && line.text).toMatch(new RegExp(`^  ${command} +\\S`, 'm'));
    }
    expect(usageErrorOf(['frobnicate'])).toMatch(/^unknown command "frobnicate"/);
    expect(usageErrorOf(['help', 'frobnicate'])).toMatch(/^unknown command "frobnicate"/);
  });
});

describe('trading command lines and amounts', () => {
  it('reads the wallet subcommands and the trading commands, each with its own flags', async () => {
    expect(readCommandLine(['wallet', 'use', 'alice', '--data', 'D'])).toMatchObject({ kind: 'run', command: 'wallet use', positionals: ['alice'], values: { data: 'D' } });
    expect(readCommandLine(['sell', 'M', 'all', '--receive', 'SOL', '--yes', '--json'])).toMatchObject({ kind: 'run', command: 'sell', positionals: ['M', 'all'], values: { receive: 'SOL', yes: true, json: true } });
    expect(readCommandLine(['help', 'wallet', 'import'])).toMatchObject({ kind: 'help', text: expect.stringMatching(/^Usage: launchdesk wallet import <label>/) });
    expect(usageErrorOf(['wallet'])).toMatch(/^wallet: name one of its commands: new, import, list, remove, use/);
    expect(usageErrorOf(['wallet', 'frob'])).toMatch(/^wallet: unknown command "frob"/);
    expect(usageErrorOf(['wallet', 'import', 'x', '--secret', 'abc'])).toMatch(/Unknown option '--secret'/); // never from argv
    expect(usageErrorOf(['claim', 'M', 'X'])).toMatch(/^claim: unexpected argument "X"/);
    expect(readCommandLine(['buy', '--help'])).toMatchObject({ kind: 'help', text: expect.stringContaining('  4  you declined at the confirmation') });
  });

  it('reads amounts exactly in whole units and refuses more decimals than the unit has, in words', async () => {
    const { amountIn, COINS, SOL, ZEC } = await import('../../core/cli/trade-amounts.js');
    expect(amountIn('1.5', ZEC, 'a')).toBe(150_000_000n);
    expect(amountIn('0.000000001', SOL, 'a')).toBe(1n);
    expect(amountIn('18446744073709.551615', COINS, 'a')).toBe(2n ** 64n - 1n);
    expect(() => amountIn('18446744073709.551616', COINS, 'a')).toThrow(/more than any account can hold/);
    expect(() => amountIn('1.000000001', ZEC, '<amount>')).toThrow('<amount>: an amount of ZEC has at most 8 decimal places, and "1.000000001" has 9');
    expect(() => amountIn('1e3', ZEC, 'a')).toThrow(/is not an amount of ZEC/);
    expect(() => amountIn('-1', ZEC, 'a')).toThrow(/is not an amount of ZEC/);
    expect(() => amountIn('0', ZEC, 'a')).toThrow(/more than zero/);
  });
});

describe('headless command lines: --version, --key-file, --json everywhere, and the help\'s defaults', () => {
  it('--version (or -V) answers the package version, alone or with --json', async () => {
    const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
    expect(readCommandLine(['--version'])).toEqual({ kind: 'version', version });
    expect(readCommandLine(['-V', '--json'])).toEqual({ kind: 'version', version });
    expect(readCommandLine(['--help']).kind === 'help' && (readCommandLine(['--help']) as { text: string }).text).toMatch(/-V, --version/);
  });

  it('every command that signs takes --key-file, every command takes --json, and each usage names the environment defaults', () => {
    const helpOf = (command: string): string => {
      const line = readCommandLine([...command.split(' '), '--help']);
      return line.kind === 'help' ? line.text : '';
    };
    const signing = ['buy', 'sell', 'swap', 'claim', 'payee', 'plant', 'keys create', 'order add', 'order list', 'order show', 'order cancel', 'order resume'];
    for (const command of signing) {
      const text = helpOf(command);
      expect(text, command).toContain('--key-file <FILE>');
      expect(text, command).toContain('LAUNCHDESK_KEY_FILE');
      expect(text, command).toContain('LAUNCHDESK_API');
    }
    const leaves = ['start', 'serve', 'sandbox', 'index', 'runs', 'keys create', 'keys raise', 'keys lower', 'airdrop', 'stock', 'wallet new', 'wallet import', 'wallet list', 'wallet remove', 'wallet use', 'quote', ...signing];
    for (const command of leaves) {
      expect(helpOf(command), command).toMatch(/--json/);
      expect(helpOf(command), command).toMatch(/LAUNCHDESK_DATA/);
    }
    expect(readCommandLine(['airdrop', 'W', '--json'])).toMatchObject({ values: { json: true } });
    expect(readCommandLine(['runs', '--json'])).toMatchObject({ values: { json: true } });
  });

  it("the help's default slippages are the engine's own", async () => {
    const { SLIPPAGE_BPS } = await import('../../core/engine/quote.js');
    const { SWAP_SLIPPAGE_BPS } = await import('../../core/engine/swap.js');
    const { DEFAULT_SLIPPAGE_BPS } = await import('../../core/cli/trade-usage.js');
    expect(DEFAULT_SLIPPAGE_BPS).toEqual({ curve: Number(SLIPPAGE_BPS.curve), pool: Number(SLIPPAGE_BPS.pool), swap: Number(SWAP_SLIPPAGE_BPS.default), max: Number(SWAP_SLIPPAGE_BPS.max) });
    expect(commandUsage('swap').replace(/\s+/g, ' ')).toContain(`(default ${SWAP_SLIPPAGE_BPS.default} (${Number(SWAP_SLIPPAGE_BPS.default) / 100}%))`);
    expect(commandUsage('buy').replace(/\s+/g, ' ')).toContain(`default: ${SLIPPAGE_BPS.curve} (1%) on the bonding curve, ${SLIPPAGE_BPS.pool} (2%) on a pool`);
  });

  it('reads a share to sell, and refuses one that is no share of a balance', async () => {
    const { shareOf } = await import('../../core/cli/trade-amounts.js');
    expect(shareOf('50%', 'a')).toBe(5_000n);
    expect(shareOf('12.5%', 'a')).toBe(1_250n);
    expect(shareOf('100%', 'a')).toBe(10_000n);
    expect(shareOf('12', 'a')).toBeUndefined();
    for (const bad of ['0%', '101%', '1.234%', '-5%', 'x%']) expect(() => shareOf(bad, '<amount>')).toThrow(/is not a share of the balance/);
  });
});
