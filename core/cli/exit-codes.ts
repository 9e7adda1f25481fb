import { isLaunchdeskError } from '../client/client-error.js';
import { isDeskError } from '../errors.js';

/**
 * What `launchdesk` exits with, so that a script can tell "try again later" from "this will never work"
 * and, above all, from "money moved: do not send it again". Documented in every trading command's help
 * and in docs/cli.md.
 */
export const EXIT = {
  ok: 0,
  /** Refused or failed: a value the command cannot take, the server's or this machine's refusal, a transaction that failed. */
  failed: 1,
  /** A command line it does not take (unknown command or flag, a missing or extra argument), as Unix tools do. */
  usage: 2,
  /** The /v1 server, the cluster's RPC or the OS keychain could not be reached: nothing was sent. */
  unavailable: 3,
  /** You answered no when asked to confirm: nothing was signed or sent. */
  declined: 4,
  /** The transaction landed, then something after failed (the index did not register it in time): check before sending again. */
  landedUnconfirmed: 5,
} as const;

export const EXIT_CODE_LINES = [
  'Exit status:',
  '  0  done',
  '  1  refused or failed: a value it cannot take (an amount, a wallet, an address), a refusal of the server',
  '     or of the check on this machine, a transaction that failed; nothing was sent unless it says so',
  '  2  a command line it does not take (unknown command or flag, missing or extra argument,',
  '     or --yes missing where nobody can be asked)',
  '  3  the /v1 server, the cluster\'s RPC or the OS keychain could not be reached; nothing was sent',
  '  4  you declined at the confirmation; nothing was signed or sent',
  '  5  it landed on the cluster, then the index did not register it in time: look before sending again',
];

/** You said no at the confirmation. */
export class Declined extends Error {
  override readonly name = 'Declined';
}

/** A failure after a transaction landed: the money moved, whatever the message says after. */
export class LandedThenFailed extends Error {
  override readonly name = 'LandedThenFailed';
  constructor(
    readonly signatures: readonly string[],
    cause: unknown,
  ) {
    super(`${signatures.join(', ')} landed, then: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export function exitCodeOf(error: unknown): number {
  if (error instanceof Declined) return EXIT.declined;
  if (error instanceof LandedThenFailed) return EXIT.landedUnconfirmed;
  if (isDeskError(error, 'usage')) return EXIT.usage;
  if (isDeskError(error, 'unavailable') || isLaunchdeskError(error, 'unavailable')) return EXIT.unavailable;
  return EXIT.failed;
}
