import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { DeskError } from '../errors.js';

/**
 * Asking the person at the terminal: questions go to stderr (stdout carries the result, which a script may
 * read), answers come from stdin. Where nobody can answer (stdin is not a terminal) nothing is asked: the
 * command needs `--yes`, said before anything is built or changed.
 */
export const canAsk = (): boolean => process.stdin.isTTY === true;

/** Refuses, as a usage error, a command that would have to ask and cannot. */
export function requireAnswerable(yes: boolean, what: string): void {
  if (!yes && !canAsk()) throw new DeskError('usage', `${what} asks you to confirm, and nobody can answer here (stdin is not a terminal): add --yes to ${what.split(' ')[0]} without asking`);
}

/** One line typed at the terminal; `secret` keeps it off the screen (a secret key). */
export async function askLine(question: string, options: { readonly secret?: boolean } = {}): Promise<string> {
  process.stderr.write(question);
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const lines = createInterface({ input: process.stdin, output: options.secret ? silent : process.stderr, terminal: true });
  try {
    return await new Promise<string>((resolve) => {
      lines.once('line', resolve);
      lines.once('close', () => resolve(''));
    });
  } finally {
    lines.close();
    if (options.secret) process.stderr.write('\n');
  }
}

/** y or yes (any case) signs; anything else, an empty line included, declines. */
export async function askYes(question: string): Promise<boolean> {
  return /^y(es)?$/i.test((await askLine(`${question} [y/N] `)).trim());
}
