import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TransactionError } from '../../core/chain/types.js';

/** A built program from resources/programs (what users get; CI checks it is reproducible). */
export function programBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join('resources', 'programs', `${name}.so`)));
}

/** The custom error code of a transaction error (`{InstructionError: [i, {Custom: n}]}`), or null. */
export function customError(err: TransactionError | null): number | null {
  if (err === null || typeof err === 'string') return null;
  const inner = (err['InstructionError'] as [number, unknown] | undefined)?.[1];
  return inner !== null && typeof inner === 'object' && 'Custom' in inner ? Number((inner as { Custom: number }).Custom) : null;
}
