import { DeskError, isDeskError, type DeskErrorCode } from '../errors.js';

/** The spec's "Errors" table: each code with its HTTP status. The one place codes meet statuses. */
export const API_ERROR_STATUS = Object.freeze({
  invalid_param: 400,
  unauthorized: 401,
  planting_closed: 403,
  forbidden: 403,
  not_found: 404,
  coin_unknown: 404,
  not_offered: 404,
  image_in_review: 409,
  image_refused: 422,
  refused: 422,
  too_large: 422,
  simulation_failed: 422,
  rate_limited: 429,
  unavailable: 503,
} as const satisfies Partial<Record<DeskErrorCode, number>>);

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

export interface ApiErrorBody {
  /** `detail` (a local addition): the refusal's facts for a program, on the few refusals that carry them. */
  readonly error: { readonly code: ApiErrorCode; readonly message: string; readonly detail?: Readonly<Record<string, unknown>> };
}

const isApiCode = (code: string): code is ApiErrorCode => Object.hasOwn(API_ERROR_STATUS, code);

/** A refusal in the spec's model (a DeskError with a spec code): answered as itself, nothing to log. */
export const isApiError = (error: unknown): error is DeskError => isDeskError(error) && isApiCode(error.code);

/**
 * What an error answers over HTTP. A DeskError with a spec code answers as itself; an internal one
 * (a chain that did not answer, an expired blockhash seen by a read) and anything unexpected answer
 * `503 unavailable`: no request, however malformed, gets another 5xx.
 */
export function toApiError(error: unknown): { status: number; body: ApiErrorBody } {
  if (isDeskError(error) && isApiCode(error.code)) {
    const detail = error.details?.['detail'];
    const extra = typeof detail === 'object' && detail !== null ? { detail: detail as Record<string, unknown> } : {};
    return { status: API_ERROR_STATUS[error.code], body: { error: { code: error.code, message: error.message, ...extra } } };
  }
  const message = isDeskError(error) ? `the chain or the index could not answer: ${error.message}` : 'the chain or the index could not answer in time; try again';
  return { status: 503, body: { error: { code: 'unavailable', message } } };
}

export const notFound = (what: string): DeskError => new DeskError('not_found', what);
export const invalidParam = (field: string, why: string): DeskError => new DeskError('invalid_param', `${field}: ${why}`, { field });
