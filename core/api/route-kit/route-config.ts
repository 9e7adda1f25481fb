import { ErrorBody } from '../schemas/common.js';

/** The error answers every route documents. */
export const ERROR_RESPONSES = { '4xx': ErrorBody, '5xx': ErrorBody };
/** Route config of the spec's reads group. */
export const READS = { rateGroup: 'reads' as const };
/** Route config of the spec's builds group. */
export const BUILDS = { rateGroup: 'builds' as const };
