import { resolve } from 'node:path';
import { defaultSandboxDir } from '../config/paths.js';
import { DeskError } from '../errors.js';
import { CLI_ENV, envText, type CliEnvName } from './cli-environment.js';

/** The flags as the command line read them (core/cli/command-line.ts): a string, or true for a switch. */
export type CommandValues = Readonly<Record<string, string | boolean | undefined>>;

/** A flag that takes a value: its text, or undefined when it was not given. */
export const textOf = (values: CommandValues, flag: string): string | undefined => {
  const value = values[flag];
  return typeof value === 'string' ? value : undefined;
};

/** A flag's text, else its environment variable's, and which of the two said it (for a refusal's words). */
export function flagOrEnv(values: CommandValues, flag: string, env: CliEnvName): { readonly text: string; readonly from: string } | undefined {
  const given = textOf(values, flag);
  if (given !== undefined) return { text: given, from: `--${flag}` };
  const set = envText(env);
  return set === undefined ? undefined : { text: set, from: env };
}

/** `--data DIR` (else LAUNCHDESK_DATA): the data directory every command shares with the desk (the default sandbox's otherwise). */
export const dataDirOf = (values: CommandValues): string => resolve(flagOrEnv(values, 'data', CLI_ENV.data)?.text ?? defaultSandboxDir());

export function portOf(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65534) throw new DeskError('invalid_param', `${flag} must be an integer from 0 to 65534, got "${value}"`);
  return port;
}

/** A flag that takes one of a few words (`--pay ZEC|SOL`), read case-insensitively, or `fallback` when absent. */
export function choiceOf<T extends string>(values: CommandValues, flag: string, choices: readonly T[], fallback: T): T {
  const text = textOf(values, flag);
  if (text === undefined) return fallback;
  const found = choices.find((c) => c.toLowerCase() === text.toLowerCase());
  if (!found) throw new DeskError('usage', `--${flag} takes ${choices.join(' or ')}, got ${JSON.stringify(text.slice(0, 40))}`);
  return found;
}

/** `--index postgres://…`: the hosted index's database (its keys, builds and limits too); null when not given. */
export function hostedIndexUrl(values: CommandValues): string | null {
  const text = textOf(values, 'index');
  if (text === undefined) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DeskError('invalid_param', `--index must be a postgres:// URL (postgres://user@host:port/database), got ${JSON.stringify(text.slice(0, 80))}`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new DeskError('invalid_param', `--index must be a postgres:// URL (postgres://user@host:port/database), got a ${url.protocol} URL`);
  return text;
}
