import type { FastifyRequest } from 'fastify';
import { U64_MAX } from '../../math/curve-error.js';
import { base58Decode } from '../../programs/address-text.js';
import { invalidParam } from '../api-error.js';

/**
 * What the schemas of schemas/common.ts cannot say, checked for every field a route declares with them:
 * an `AddressString` holds 32 bytes (the schema checks the alphabet and the length in characters, so 43
 * characters of base58 that decode to 33 bytes pass it), and an `Amount` fits 64 bits (the schema checks
 * the digits only). Without this a desk route would store one (a followed wallet, an order spending 10^30
 * zat, a preset no build can make) or hand it to a library that throws (a review's ticket), and the answer
 * would be an outage instead of a refusal naming the field. Run after validation (preHandler), over the
 * route's own schema, so a field added to a schema later is checked without anyone listing it here.
 */

interface SchemaNode {
  readonly type?: unknown;
  readonly pattern?: unknown;
  readonly minLength?: unknown;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly items?: SchemaNode;
  readonly anyOf?: readonly SchemaNode[];
  readonly allOf?: readonly SchemaNode[];
}

const ADDRESS_PATTERN = '^[1-9A-HJ-NP-Za-km-z]+$';
const AMOUNT_PATTERN = '^(0|[1-9][0-9]*)$';
const isAddressSchema = (s: SchemaNode): boolean => s.type === 'string' && s.pattern === ADDRESS_PATTERN && s.minLength === 32;
const isAmountSchema = (s: SchemaNode): boolean => s.type === 'string' && s.pattern === AMOUNT_PATTERN;

/** A text that is not base58 of 32 bytes, refused naming its field (the faucet's words, which the desk shows). */
export function assertAddressText(value: string, field: string): void {
  if (base58Decode(value)?.length !== 32) throw invalidParam(field, `${value.slice(0, 60)} is not a Solana address (32 bytes written in base58)`);
}

/** Decimal digits (the schema's) above 2^64 - 1, refused naming the field. */
function assertAmountText(value: string, field: string): void {
  if (value.length > 20 || BigInt(value) > U64_MAX) {
    throw invalidParam(field, `${value.length > 30 ? `${value.slice(0, 30)}… (${value.length} digits)` : value} is above the largest amount in base units a Solana account holds or a transaction carries (2^64 - 1)`);
  }
}

function check(schema: SchemaNode | undefined, value: unknown, field: string): void {
  if (schema === undefined || value === undefined || value === null) return;
  if (typeof value === 'string' && isAddressSchema(schema)) assertAddressText(value, field);
  if (typeof value === 'string' && isAmountSchema(schema) && /^[0-9]+$/.test(value)) assertAmountText(value, field);
  for (const s of [...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) check(s, value, field);
  if (schema.properties && typeof value === 'object' && !Array.isArray(value)) {
    for (const [name, s] of Object.entries(schema.properties)) check(s, (value as Record<string, unknown>)[name], field ? `${field}.${name}` : name);
  }
  if (schema.items && Array.isArray(value)) value.forEach((v, i) => check(schema.items, v, `${field}.${i}`));
}

/** The preHandler: path, query and body, each against its schema. */
export async function assertFieldBounds(request: FastifyRequest): Promise<void> {
  const schema = request.routeOptions.schema as { params?: SchemaNode; querystring?: SchemaNode; body?: SchemaNode } | undefined;
  if (!schema) return;
  check(schema.params, request.params, '');
  check(schema.querystring, request.query, '');
  check(schema.body, request.body, '');
}
