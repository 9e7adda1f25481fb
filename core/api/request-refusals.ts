import type { FastifyError } from 'fastify';
import { DeskError } from '../errors.js';

/**
 * How the server says what is wrong with a request that the framework refused before a route ran: a
 * schema the body or query does not meet, a body that is not JSON, a media type no route takes, a
 * malformed multipart form. The answer is `invalid_param` naming the field (or `request`, or the header)
 * in plain words of our own: neither Ajv's nor Fastify's nor busboy's texts reach a client.
 */

const MAX_BODY_MB = 5;

export interface SchemaError {
  readonly keyword: string;
  readonly instancePath: string;
  /** Where in the schema it failed (`#/properties/side/anyOf/0/const`): ties a union's branches to the union. */
  readonly schemaPath?: string;
  readonly params: Record<string, unknown>;
  /** The schema the value failed (Ajv's `verbose`): its description says what the field takes. */
  readonly parentSchema?: { readonly description?: string };
}

/** The forms the schemas write as patterns, in words. */
const PATTERN_WORDS: Readonly<Record<string, string>> = {
  '^[1-9A-HJ-NP-Za-km-z]+$': 'is not base58 (a Solana address: digits and letters but 0, O, I and l)',
  '^(0|[1-9][0-9]*)$': 'must be a whole number of base units in decimal digits (no sign, point or leading zero)',
  '^(0|-?[1-9][0-9]*)$': 'must be a whole number in decimal digits (no point or leading zero)',
};

/** The field a schema error is about, as a dotted path (`signed.0`, `firstBuy.zec`). */
function fieldOf(error: FastifyError, first: SchemaError | undefined): string {
  const where = error.validationContext ?? 'request';
  if (!first) return where;
  const path = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = first.params['missingProperty'];
  if (typeof missing === 'string') return path ? `${path}.${missing}` : missing;
  return path || where;
}

const plural = (n: unknown, one: string) => `${String(n)} ${one}${n === 1 ? '' : 's'}`;

/** One schema error in words (the JSON types and bounds a route declares); the stream's frames say theirs the same way. */
export function schemaWords(first: SchemaError, context: string | undefined): string {
  const p = first.params;
  switch (first.keyword) {
    case 'required':
      return 'is missing';
    case 'type':
      return `must be ${p['type'] === 'integer' ? 'an integer' : p['type'] === 'array' ? 'an array' : p['type'] === 'object' ? (context === 'body' && first.instancePath === '' ? 'a JSON object' : 'an object') : `a ${String(p['type'])}`}`;
    case 'enum':
      return `must be one of ${(p['allowedValues'] as unknown[]).join(', ')}`;
    case 'const':
      return `must be ${String(p['allowedValue'])}`;
    case 'minLength':
      return p['limit'] === 1 ? 'is empty' : `is shorter than ${plural(p['limit'], 'character')}`;
    case 'maxLength':
      return `is longer than ${plural(p['limit'], 'character')}`;
    case 'pattern': {
      const known = PATTERN_WORDS[String(p['pattern'])];
      if (known) return known;
      const takes = first.parentSchema?.description;
      return takes ? `is not in the form it takes: ${takes}` : 'is not in the form this field takes (see the OpenAPI document at /v1/openapi.json)';
    }
    case 'minimum':
      return `must be at least ${String(p['limit'])}`;
    case 'maximum':
      return `must be at most ${String(p['limit'])}`;
    case 'exclusiveMinimum':
      return `must be more than ${String(p['limit'])}`;
    case 'exclusiveMaximum':
      return `must be less than ${String(p['limit'])}`;
    case 'minItems':
      return `must hold at least ${plural(p['limit'], 'item')}`;
    case 'maxItems':
      return `must hold at most ${plural(p['limit'], 'item')}`;
    case 'additionalProperties':
      return `${JSON.stringify(String(p['additionalProperty']).slice(0, 40))} is not a field of this request`;
    default:
      return 'is not what this field takes (see the OpenAPI document at /v1/openapi.json)';
  }
}

/**
 * A value that matched no branch of a union of constants (`Type.Union([Type.Literal('buy'), Type.Literal('sell')])`)
 * in words naming every value it takes. Ajv reports each branch's failure, then the union's (`anyOf`); the
 * first branch's alone ("must be buy") would name one of them as if it were the only one. Null when the
 * first error is not a branch of such a union.
 */
export function unionWords(errors: readonly SchemaError[]): string | null {
  const first = errors[0];
  const union = errors.find((e) => e.keyword === 'anyOf' && e.instancePath === first?.instancePath && e.schemaPath !== undefined && first.schemaPath?.startsWith(`${e.schemaPath}/`));
  if (!first || !union) return null;
  const branches = errors.filter((e) => e !== union && e.instancePath === union.instancePath && e.schemaPath?.startsWith(`${union.schemaPath!}/`));
  const values: string[] = [];
  let orNull = false;
  for (const e of branches) {
    if (e.keyword === 'const') values.push(String(e.params['allowedValue']));
    else if (e.keyword === 'enum') values.push(...(e.params['allowedValues'] as unknown[]).map(String));
    else if (e.keyword === 'type' && e.params['type'] === 'null') orNull = true;
    else return null;
  }
  if (values.length === 0) return null;
  return `must be ${values.length === 1 ? values[0] : `one of ${values.join(', ')}`}${orNull ? ' (or null)' : ''}`;
}

/** A schema refusal: `invalid_param` naming the field and what it must be. */
export function schemaRefusal(error: FastifyError): DeskError {
  const errors = (error.validation ?? []) as readonly SchemaError[];
  const first = errors[0];
  const field = fieldOf(error, first);
  return new DeskError('invalid_param', `${field}: ${first ? (unionWords(errors) ?? schemaWords(first, error.validationContext)) : 'is malformed'}`, { field });
}

/** What a framework (or multipart) error code says about the request, in our words. */
const REFUSALS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request: the body is empty; send a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY: 'request: the body is not well-formed JSON (cut short, or not JSON at all)',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Content-Type: this endpoint does not take that media type (JSON bodies are application/json; the upload is multipart/form-data)',
  FST_ERR_CTP_BODY_TOO_LARGE: `request: the body is larger than the ${MAX_BODY_MB} MB this server reads`,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request: the body is not as long as its Content-Length says',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'request: must be a multipart/form-data form',
  FST_PROTO_VIOLATION: 'request: a form field is named __proto__ or constructor',
  FST_PARTS_LIMIT: 'request: the form has too many parts',
  FST_FILES_LIMIT: 'image: send exactly one image file',
  FST_FIELDS_LIMIT: 'request: the form has too many fields',
  FST_MP_PREMATURE_CLOSE: 'request: the form ended before its last part did',
  FST_ERR_BAD_URL: 'path: it holds a malformed percent-encoding (a % must be followed by two hex digits of UTF-8)',
  FST_ERR_MAX_PARAM_LENGTH: 'path: a segment is longer than 200 characters',
};

/**
 * A request the framework refused (status 4xx) in words, or null when the error is not a refusal of the
 * request (a bug or an outage: the caller answers a plain 503 and logs the detail).
 */
export function requestRefusal(error: FastifyError): DeskError | null {
  const words = REFUSALS[error.code];
  if (words !== undefined) return new DeskError('invalid_param', words);
  // A body stream that broke off or would not decode (an aborted upload, a bad Content-Encoding).
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) return new DeskError('invalid_param', 'request: its body cannot be read as sent');
  return null;
}
