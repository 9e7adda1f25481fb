/**
 * One error type for the whole product. `code` is stable and is what callers branch on; `message` is
 * plain words for a person. The codes of the spec's "Errors" table are mapped to HTTP in one place
 * (the API layer); the remaining codes are internal and never leave the process as themselves.
 */
export const DESK_ERROR_CODES = [
  // spec codes
  'invalid_param',
  'unauthorized',
  'planting_closed',
  'not_found',
  'coin_unknown',
  'image_in_review',
  'image_refused',
  'refused',
  'too_large',
  'simulation_failed',
  'rate_limited',
  'unavailable',
  // ours, documented in docs/api.md: an endpoint of the hosted service this server does not offer
  'not_offered',
  // ours, documented in docs/api.md: an API key acting for a wallet other than the one it was signed in with (local orders)
  'forbidden',
  // internal codes
  'chain_error',
  'blockhash_expired',
  'data_dir_invalid',
  'profile_invalid',
  /** A command line the CLI does not take (exit status 2). */
  'usage',
] as const;

export type DeskErrorCode = (typeof DESK_ERROR_CODES)[number];

export class DeskError extends Error {
  override readonly name = 'DeskError';
  constructor(
    readonly code: DeskErrorCode,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isDeskError(value: unknown, code?: DeskErrorCode): value is DeskError {
  return value instanceof DeskError && (code === undefined || value.code === code);
}
