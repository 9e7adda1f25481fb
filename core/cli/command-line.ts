import { Command, CommanderError, Option } from 'commander';
import type { CommandGroupSpec, CommandSpec } from './command-spec.js';
import { EXIT_CODE_LINES } from './exit-codes.js';
import { ORDER_GROUP } from './order-usage.js';
import { SERVICE_COMMANDS } from './service-usage.js';
import { TRADE_COMMANDS } from './trade-usage.js';
import { WALLET_GROUP } from './wallet-usage.js';
import { DeskError } from '../errors.js';
import { packageVersion } from './package-version.js';

/**
 * The `launchdesk` command line, read with commander: each command's flags and usage text (said as data
 * in core/cli/*-usage.ts), and argv read against them. Reading runs nothing: it answers the help to print
 * or the command to run with its values, so the whole command line can be tested without starting a
 * thing. A `--help` (or `-h`) anywhere before `--` prints the command's usage; a flag or argument the
 * command does not take is a usage error (exit status 2) naming it, followed by that usage.
 */

const HELP_SPEC: CommandSpec = {
  name: 'help',
  synopsis: '[command]',
  summary: "this overview, or a command's usage",
  about: [],
  options: [],
  positionals: { names: ['[command]'], required: 0 },
};

/** Every command in the order the overview lists them: running the desk, its admin, wallets, trading, local orders, help. */
const TOP: readonly (CommandSpec | CommandGroupSpec)[] = [...SERVICE_COMMANDS, WALLET_GROUP, ...TRADE_COMMANDS, ORDER_GROUP, HELP_SPEC];

export const COMMAND_NAMES = TOP.map((c) => c.name) as readonly string[];
export type CommandName = string;

const isGroup = (spec: CommandSpec | CommandGroupSpec): spec is CommandGroupSpec => 'commands' in spec;

export type CommandLine =
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'version'; readonly version: string }
  | {
      readonly kind: 'run';
      readonly command: string;
      /** Each flag given, by its name without dashes (`rpc-port`, `no-runs`): a string, or true for a switch. */
      readonly values: Readonly<Record<string, string | boolean | undefined>>;
      readonly positionals: readonly string[];
      /** The arguments after the command name, as given (`start` hands them on to Electron). */
      readonly rest: readonly string[];
    };

const OVERVIEW_AFTER = ['', "Run `launchdesk <command> --help` (or `launchdesk help <command>`) for a command's flags.", '', ...EXIT_CODE_LINES].join('\n');

/** Thrown out of commander's parse with the command it was reading (commander's own errors do not say which). */
class Stop extends Error {
  constructor(
    readonly error: CommanderError,
    readonly command: Command,
  ) {
    super(error.message);
  }
}

/** What a leaf command's action hands back: what it was given, run later by core/cli.ts. */
interface Taken {
  readonly spec: CommandSpec;
  readonly command: Command;
}

/**
 * The usage text's lines as commander's description: lines of one paragraph joined, so that it wraps them
 * to the terminal; a paragraph with indented lines (a table) kept as written.
 */
function descriptionOf(lines: readonly string[]): string {
  const paragraphs: string[][] = [[]];
  for (const line of lines) {
    if (line === '') paragraphs.push([]);
    else paragraphs.at(-1)!.push(line);
  }
  return paragraphs.map((p) => p.join(p.some((line) => line.startsWith(' ')) ? '\n' : ' ')).join('\n\n');
}

function leaf(parent: Command, spec: CommandSpec, leafName: string, taken: { value: Taken | null }): Command {
  const command = parent
    .command(leafName)
    .usage(spec.synopsis)
    .summary(spec.summary)
    .description(descriptionOf(spec.about.length > 0 ? spec.about : [spec.summary]))
    .helpOption('-h, --help', 'this usage');
  for (const [flags, help] of spec.options) command.addOption(new Option(flags, help));
  spec.positionals.names.forEach((name, i) => {
    const bare = name.replace(/^[<[]|[>\]]$/g, '');
    command.argument(i < spec.positionals.required ? `<${bare}>` : `[${bare}]`);
  });
  // An extra argument is refused after, in words that name it (commander's only count them).
  command.allowExcessArguments(true);
  if (spec.after) command.addHelpText('after', `\n${spec.after.join('\n')}`);
  command.action(() => {
    taken.value = { spec, command };
  });
  return command;
}

/** The whole command line as commander reads it; output is captured, nothing exits the process. */
function program(taken: { value: Taken | null }, out: { text: string }): Command {
  const root = new Command('launchdesk')
    .usage('<command> [flags]')
    .description('launchdesk — trading and launch desk for a ZEC-quoted Solana launchpad')
    .helpCommand(false)
    .helpOption('-h, --help', "this overview, or with a command its usage")
    .version(packageVersion(), '-V, --version', 'the version of launchdesk (with --json: {"version": "…"})')
    .configureOutput({ writeOut: (text) => (out.text += text), writeErr: (text) => (out.text += text), outputError: () => {} })
    .addHelpText('after', OVERVIEW_AFTER);
  for (const spec of TOP) {
    if (isGroup(spec)) {
      const group = root.command(spec.name).usage(spec.synopsis).summary(spec.summary).description(descriptionOf(spec.about)).helpCommand(false).helpOption('-h, --help', 'this usage');
      for (const sub of spec.commands) leaf(group, sub, sub.name.slice(spec.name.length + 1), taken);
    } else {
      leaf(root, spec, spec.name, taken);
    }
  }
  // Settings given to each command as it is made: commander copies them from the parent only at `.command()`.
  const everyCommand = (command: Command): void => {
    command.exitOverride((error) => {
      throw new Stop(error, command);
    });
    command.commands.forEach(everyCommand);
  };
  everyCommand(root);
  return root;
}

/** `launchdesk serve`, `launchdesk wallet new`: a command's words, as its usage line names it. */
const pathOf = (command: Command): string => {
  const names: string[] = [];
  for (let c: Command | null = command; c && c.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
};

function find(root: Command, words: readonly string[]): Command | null {
  let command: Command | undefined = root;
  for (const word of words) command = command?.commands.find((c) => c.name() === word);
  return command ?? null;
}

/** One command's usage: its line, what it does, its flags (`name` as typed: `serve`, `wallet new`). */
export function commandUsage(name: string): string {
  const command = find(program({ value: null }, { text: '' }), name.split(' '));
  if (!command) throw new Error(`no command ${name}`);
  return command.helpInformation();
}

/** Every command in one line each, for `launchdesk`, `launchdesk help` and `launchdesk --help`. */
export function overview(): string {
  return `${program({ value: null }, { text: '' }).helpInformation()}${OVERVIEW_AFTER}\n`;
}

/**
 * A command line refused: the CLI prints it to stderr with the usage after, and exits with status 2. The
 * sentence alone is what a script reads (`--json`'s error message).
 */
export class CommandLineRefusal extends DeskError {
  constructor(
    readonly sentence: string,
    readonly usage: string,
  ) {
    super('usage', `${sentence}\n\n${usage}`);
  }
}

function usageError(message: string, usage: string): DeskError {
  return new CommandLineRefusal(message, usage);
}

/** `launchdesk --version [--json]` (or -V): nothing else may come with it. */
const VERSION_FLAGS = new Set(['--version', '-V']);

/** Commander's words ("error: unknown option '--bogus'") as a sentence after the command's name. */
const wordsOf = (error: CommanderError): string => {
  const text = error.message.replace(/^error: /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Reads argv (without node and the script) against the command it names; throws a usage error for anything it does not take. */
export function readCommandLine(argv: readonly string[]): CommandLine {
  const [first] = argv;
  if (first === undefined) return { kind: 'help', text: overview() };
  if (VERSION_FLAGS.has(first) && argv.slice(1).every((a) => a === '--json')) return { kind: 'version', version: packageVersion() };
  const known = TOP.find((c) => c.name === first);
  if (!known && !first.startsWith('-')) throw usageError(`unknown command "${first}"`, overview());
  const taken: { value: Taken | null } = { value: null };
  const out = { text: '' };
  const root = program(taken, out);
  try {
    root.parse([...argv], { from: 'user' });
  } catch (thrown) {
    if (!(thrown instanceof Stop)) throw thrown;
    const { error, command } = thrown;
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return { kind: 'help', text: out.text };
    const path = pathOf(command);
    // A group named with no subcommand (`launchdesk wallet`): commander shows its help as an error.
    if (error.code === 'commander.help') throw usageError(`${path}: name one of its commands: ${command.commands.map((c) => c.name()).join(', ')}`, command.helpInformation());
    if (error.code === 'commander.missingArgument') {
      const name = /'([^']*)'/.exec(error.message)?.[1] ?? '';
      throw usageError(`${path}: missing <${name}>`, command.helpInformation());
    }
    if (error.code === 'commander.unknownCommand') {
      const name = /'([^']*)'/.exec(error.message)?.[1] ?? '';
      throw usageError(`${path ? `${path}: ` : ''}unknown command "${name}"`, command.helpInformation());
    }
    throw usageError(path ? `${path}: ${wordsOf(error)}` : wordsOf(error), path ? command.helpInformation() : overview());
  }
  const { spec, command } = taken.value!;
  const path = pathOf(command);
  const positionals = [...command.args];
  if (path === 'help') {
    if (positionals.length === 0) return { kind: 'help', text: overview() };
    // `help wallet new`: a group's subcommand by its own name.
    const target = find(root, positionals);
    if (!target) throw usageError(`unknown command "${positionals.join(' ')}"`, overview());
    return { kind: 'help', text: target.helpInformation() };
  }
  const { names, required } = spec.positionals;
  if (positionals.length < required) throw usageError(`${path}: missing ${names.slice(positionals.length, required).join(' ')}`, command.helpInformation());
  if (positionals.length > names.length) throw usageError(`${path}: unexpected argument "${positionals[names.length]}"`, command.helpInformation());
  const values: Record<string, string | boolean> = {};
  const options = command.opts<Record<string, string | boolean>>();
  for (const option of command.options) {
    const key = option.attributeName();
    if (command.getOptionValueSource(key) !== 'cli' || !option.long) continue;
    values[option.long.replace(/^--/, '')] = option.negate ? true : options[key]!;
  }
  return { kind: 'run', command: path, values, positionals, rest: argv.slice(path.split(' ').length) };
}
