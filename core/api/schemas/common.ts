import { Type, type TSchema } from 'typebox';

/**
 * Shared pieces of the /v1 schemas. Amounts are integer base units as decimal strings (spec,
 * "Conventions"); counts that always fit a JSON number are integers.
 */
export const Amount = (description: string) => Type.String({ pattern: '^(0|[1-9][0-9]*)$', description });
/** A signed amount (PnL). */
export const SignedAmount = (description: string) => Type.String({ pattern: '^(0|-?[1-9][0-9]*)$', description });
export const AddressString = (description = 'base58 address') => Type.String({ minLength: 32, maxLength: 44, pattern: '^[1-9A-HJ-NP-Za-km-z]+$', description });
export const UnixSeconds = (description: string) => Type.Integer({ minimum: 0, description });

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'stable; clients branch on it' }),
      message: Type.String({ description: 'plain words; may change' }),
      detail: Type.Optional(
        Type.Object({}, { additionalProperties: true, description: 'a local addition on a few refusals: the same facts as the message, for a program (a claim that finds nothing says which case with `reason`)' }),
      ),
    }),
  },
  { description: 'Every error: `{error: {code, message}}` (spec, "Errors"); a few refusals add `detail`.' },
);

/** The one envelope of list answers: the rows, and the cursor of the next page (null at the end). */
export const Page = <T extends TSchema>(item: T, description: string) =>
  Type.Object({
    data: Type.Array(item, { description }),
    next: Type.Union([Type.String(), Type.Null()], { description: 'pass as `cursor` for the next page; null when this is the last' }),
  });

export const Limit = Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'rows per page, 1 to 100 (default 50)' }));
export const Cursor = Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'the `next` of the previous page' }));

export const MintParams = Type.Object({ mint: AddressString('the coin\'s mint') });

/** A string that is one of `values`, typed as their union (OpenAPI `enum`). */
export const StringEnum = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });

type JsonSchema = Record<string, unknown>;
const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNull = (s: JsonSchema) => s['type'] === 'null' && Object.keys(s).every((k) => k === 'type' || k === 'description');
const isStringConst = (s: JsonSchema) => s['type'] === 'string' && typeof s['const'] === 'string' && !('anyOf' in s) && !('nullable' in s);
/** Keywords whose values are schemas, lists of schemas, or maps of schemas (the rest are copied as they are). */
const ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'] as const;
const MANY = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const MAP = ['properties', 'patternProperties', '$defs', 'definitions'] as const;

/** An object option's discriminating test: its required properties present, its constant ones equal (no pattern, no nested walk). */
function discriminatorOf(option: JsonSchema): JsonSchema | null {
  if (option['type'] !== 'object' || !isSchema(option['properties']) || !Array.isArray(option['required'])) return null;
  const properties = option['properties'];
  const consts: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (isSchema(property) && property['const'] !== undefined && (option['required'] as unknown[]).includes(name)) consts[name] = { const: property['const'] };
  }
  if (Object.keys(consts).length === 0) return null;
  return { type: 'object', required: [...(option['required'] as string[])], properties: consts };
}

const fastForms = new WeakMap<object, JsonSchema>();

/**
 * A response schema as the serialiser is given it (the documented schema, the OpenAPI document's, is not
 * touched). fast-json-stringify serialises an `anyOf` by running a schema validator over each option in
 * turn, per value: a coin's dozen nullable amounts, its stage and its payee cost more than the rest of
 * its answer. The same choices made without validating:
 *   - `anyOf: [X, null]` is X with `nullable: true` (null is written as null, anything else as X);
 *   - an `anyOf` of string constants (a literal union) is a string (plus null when it is an option);
 *   - an `anyOf` of objects told apart by constant properties (payee kinds, pair blocks), with or without
 *     null, is a chain of `if` tests on those constants and the options' required properties alone.
 * For every answer that matches its schema the bytes are the same; anything else is left as written.
 */
export function serializationSchema<T>(schema: T): T {
  if (!isSchema(schema)) return schema;
  const known = fastForms.get(schema);
  if (known) return known as T;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((ONE as readonly string[]).includes(key) && isSchema(value)) out[key] = serializationSchema(value);
    else if ((MANY as readonly string[]).includes(key) && Array.isArray(value)) out[key] = value.map((v) => serializationSchema(v));
    else if ((MAP as readonly string[]).includes(key) && isSchema(value)) out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, serializationSchema(v)]));
    else out[key] = value;
  }
  const result = Array.isArray(out['anyOf']) && !('oneOf' in out) && !('type' in out) && !('nullable' in out) ? (simplerAnyOf(out) ?? out) : out;
  fastForms.set(schema, result);
  return result as T;
}

function simplerAnyOf(schema: JsonSchema): JsonSchema | null {
  const { anyOf, ...siblings } = schema as JsonSchema & { anyOf: unknown[] };
  if (!anyOf.every(isSchema)) return null;
  const options = anyOf as JsonSchema[];
  const nulls = options.filter(isNull);
  const rest = options.filter((o) => !isNull(o));
  if (nulls.length > 1 || rest.length === 0) return null;
  const nullable = nulls.length === 1 ? { nullable: true } : {};
  // [X, null]: X, nullable.
  if (nulls.length === 1 && rest.length === 1) {
    const x = rest[0]!;
    if (typeof x['type'] !== 'string' || x['type'] === 'null' || 'anyOf' in x || 'oneOf' in x || 'allOf' in x || 'if' in x || 'nullable' in x || '$ref' in x) return null;
    return { ...siblings, ...x, ...nullable };
  }
  // A union of string literals: a string.
  if (rest.every(isStringConst)) return { ...siblings, type: 'string', ...nullable };
  // Objects told apart by their constants: the first option whose test passes, as anyOf picks the first that validates.
  const tests = rest.map(discriminatorOf);
  if (tests.some((t) => t === null)) return null;
  let chain: JsonSchema = nulls.length === 1 ? { type: 'null' } : rest.at(-1)!;
  for (let i = (nulls.length === 1 ? rest.length : rest.length - 1) - 1; i >= 0; i--) chain = { if: tests[i]!, then: rest[i]!, else: chain };
  return { ...siblings, ...chain };
}
