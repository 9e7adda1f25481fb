import type { Address } from '@solana/kit';

/**
 * The "Program data:" payloads a given program logged (sol_log_data, Anchor's emit!), in order, read
 * from a transaction's log messages. The runtime's invoke/success/failed lines are followed as a stack,
 * so a line is credited only to the program running when it was written: another program cannot pass
 * its logs off as ours (it would have to be running as our program id to do that).
 * A truncated log ("Log truncated") leaves the rest unread: the caller gets what was readable.
 */
export function programDataOf(logs: readonly string[], program: Address): Uint8Array[] {
  const stack: string[] = [];
  const out: Uint8Array[] = [];
  for (const line of logs) {
    const invoke = /^Program (\w+) invoke \[\d+\]$/.exec(line);
    if (invoke) {
      stack.push(invoke[1]!);
      continue;
    }
    if (/^Program \w+ (success|failed)/.test(line)) {
      stack.pop();
      continue;
    }
    if (line.startsWith('Program data: ') && stack.at(-1) === program) {
      // Several slices are written space-separated; together they are the payload.
      const slices = line.slice('Program data: '.length).split(' ').map((part) => Buffer.from(part, 'base64'));
      out.push(new Uint8Array(Buffer.concat(slices)));
    }
  }
  return out;
}
