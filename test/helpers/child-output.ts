import type { ChildProcess } from 'node:child_process';

/** What a spawned command has printed so far (stdout and stderr together, in arrival order). */
export interface Printed {
  readonly text: string;
}

/**
 * Collects a child's output and resolves with the first match of `pattern` in it: the URL or ready line a test
 * waits for. Rejects, with everything printed, when the child exits first or after `ms` (a generous bound on a
 * busy machine; nothing is timed by it).
 */
export function waitForPrinted(child: ChildProcess, pattern: RegExp, what: string, ms = 60_000): { readonly printed: Printed; readonly matched: Promise<RegExpExecArray> } {
  const printed = { text: '' };
  const matched = new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} never printed: ${printed.text}`)), ms);
    const look = (chunk: Buffer) => {
      printed.text += chunk.toString();
      const match = pattern.exec(printed.text);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', (chunk: Buffer) => (printed.text += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before ${what}: ${printed.text}`));
    });
  });
  matched.catch(() => undefined); // the caller awaits it; a rejection after a match is not unhandled
  return { printed, matched };
}
