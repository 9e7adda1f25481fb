import { Type, type Static, type TSchema } from 'typebox';
import { DeskError } from '../../errors.js';
import type { Build } from '../../engine/build.js';
import { base64Of } from '../../engine/transaction.js';
import { AddressString, Amount } from './common.js';
import { isExpectedKey } from './expected.js';

/** The spec's "Build answer", with the `expected` of one build route (./expected.ts). */
export const buildAnswerWith = <E extends TSchema>(expected: E) => Type.Object(
  {
    buildId: Type.String({ description: 'b_<id>: send the signed transactions with it to POST /v1/tx/send' }),
    transactions: Type.Array(
      Type.Object({
        transaction: Type.String({ description: 'v0 transaction, base64, recent blockhash, empty signature slots' }),
        signers: Type.Array(AddressString(), { description: 'who must sign, in slot order' }),
        lookupTables: Type.Array(AddressString(), { description: 'address lookup tables it names (read their contents from chain)' }),
        lastValidBlockHeight: Amount('the last block height its blockhash is accepted at'),
        size: Type.Integer({ description: 'bytes on the wire' }),
      }),
      { description: 'in order; send each after the previous has landed' },
    ),
    simulation: Type.Object({
      solCostLamports: Type.String({ pattern: '^(0|-?[1-9][0-9]*)$', description: 'what the wallet pays in SOL: fees and rent, less rent returned (negative: it gets SOL back)' }),
      unitsConsumed: Amount('compute units the simulation used'),
    }),
    expected,
    intent: Type.Record(Type.String(), Type.Union([Type.String(), Type.Integer(), Type.Boolean(), Type.Null()]), { description: 'the request as read; verify against your own request, not this' }),
    expiresAt: Type.String({ description: 'about when the blockhash expires (ISO 8601)' }),
    then: Type.Optional(Type.Object({ call: Type.String(), body: Type.Record(Type.String(), Type.Union([Type.String(), Type.Integer()])), why: Type.String() })),
    permanent: Type.Boolean({ description: 'true on a payee change to holders' }),
  },
  { description: 'An unsigned build, simulated before it was answered.' },
);
/** The shape every build route answers, whatever its `expected` holds. */
export const BuildAnswer = buildAnswerWith(Type.Record(Type.String(), Type.Union([Type.String(), Type.Integer()]), { description: 'amounts as decimal strings, bps as integers' }));
export type BuildAnswerJson = Static<typeof BuildAnswer>;

const jsonValue = (value: unknown): string | number | boolean | null => (typeof value === 'bigint' ? value.toString() : (value as string | number | boolean | null));

export function buildAnswerOf(build: Build): BuildAnswerJson {
  return {
    buildId: build.id,
    transactions: build.transactions.map((tx) => ({
      transaction: base64Of(tx.wire),
      signers: [...tx.signers],
      lookupTables: [...tx.lookupTables],
      lastValidBlockHeight: tx.lastValidBlockHeight.toString(),
      size: tx.wire.length,
    })),
    simulation: {
      solCostLamports: build.solCostLamports.toString(),
      unitsConsumed: build.transactions.reduce((sum, tx) => sum + tx.unitsConsumed, 0n).toString(),
    },
    expected: Object.fromEntries(
      Object.entries(build.expected).map(([k, v]) => {
        // The OpenAPI document lists every key a build may answer: one it does not know is a bug, never shipped unseen.
        if (!isExpectedKey(k)) throw new DeskError('unavailable', `the ${build.kind} build answered an undocumented expected.${k}`);
        return [k, typeof v === 'bigint' ? v.toString() : v];
      }),
    ),
    intent: Object.fromEntries(Object.entries(build.intent).map(([k, v]) => [k, jsonValue(v)])),
    expiresAt: new Date(build.expiresAt).toISOString(),
    ...(build.then ? { then: { call: build.then.call, why: build.then.why, body: Object.fromEntries(Object.entries(build.then.body).map(([k, v]) => [k, jsonValue(v) as string | number])) } } : {}),
    permanent: build.permanent,
  };
}
