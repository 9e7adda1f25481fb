import { resolve } from 'node:path';
import { defaultSandboxDir } from '../config/paths.js';
import { DeskError } from '../errors.js';

/** The flags as the command line read them (core/command-line.ts): a string, or true for a switch. */
export type CommandValues = Readonly<Record<string, string | boolean | undefined>>;

/** A flag that takes a value: its text, or undefined when it was not given. */
export const textOf = (values: CommandValues, flag: string): string | undefined => {
  const value = values[flag];
  return typeof value === 'string' ? value : undefined;
};

/** `--data DIR`: the data directory every command shares with the desk (the default sandbox's otherwise). */
export const dataDirOf = (values: CommandValues): string => resolve(textOf(values, 'data') ?? defaultSandboxDir());

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
