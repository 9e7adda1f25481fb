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
  { error: Type.Object({ code: Type.String({ description: 'stable; clients branch on it' }), message: Type.String({ description: 'plain words; may change' }) }) },
  { description: 'Every error: `{error: {code, message}}` (spec, "Errors").' },
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
