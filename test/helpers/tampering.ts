import {
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  getTransactionEncoder,
  signTransaction,
  type Address,
  type KeyPairSigner,
  type Transaction,
  type TransactionMessageBytes,
} from '@solana/kit';
import { randomBytes } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';

/**
 * The tampering corpus, shared by the relay's refusals (a signed transaction that differs from its build)
 * and the client library's verifyBuild (a build answered differently from the request): every way a
 * transaction can be changed, each with what the relay and what verifyBuild say about it.
 */
export interface Compiled {
  header: { numSignerAccounts: number; numReadonlySignerAccounts: number; numReadonlyNonSignerAccounts: number };
  staticAccounts: Address[];
  instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[];
  lifetimeToken: string;
}

export interface TamperEnv {
  /** An address that belongs to nothing of the build. */
  readonly stranger: Address;
  /** Another funded wallet (it signs where it takes the fee payer's place). */
  readonly other: KeyPairSigner;
  /** Moves the cluster past the build's blockhash. */
  expire(): void;
}

export interface Tampering {
  readonly name: string;
  /** What the relay answers (422 refused) when the signed transaction is changed so. */
  readonly relay: RegExp;
  /** What verifyBuild names when the unsigned build is answered so. */
  readonly verify: RegExp;
  /** Changes the message (null: the message stays, something else changes). */
  readonly change: ((m: Compiled, env: TamperEnv) => void) | null;
  /** Who signs the changed message for the relay (the wallet by default). */
  readonly signers?: (wallet: KeyPairSigner, env: TamperEnv) => KeyPairSigner[];
  /** Something done to the wire after signing (or to the unsigned wire for verifyBuild). */
  readonly afterwards?: (wire: Uint8Array, env: TamperEnv) => void;
}

const SYSTEM = '11111111111111111111111111111111' as Address;
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111' as Address;

/** The launchpad trade instruction (the one with the most accounts). */
const tradeIx = (m: Compiled) => m.instructions.reduce((a, b) => ((b.accountIndices?.length ?? 0) > (a.accountIndices?.length ?? 0) ? b : a));

export const TAMPERINGS: readonly Tampering[] = [
  {
    name: 'a changed amount',
    relay: /other data than built: an amount or argument changed/,
    verify: /spends \d+, not the \d+ asked for/,
    change: (m) => {
      const data = tradeIx(m).data!;
      data[8] = data[8]! ^ 1;
    },
  },
  {
    name: 'a changed account',
    relay: /account \d+ is .* as built|runs program .* as built/,
    verify: /account \d+ is \w+, not|is not one the program accepts|is not part of an accepted|not the wallet's own coin or ZEC account/,
    change: (m, env) => {
      m.staticAccounts[m.staticAccounts.length - 1] = env.stranger;
    },
  },
  {
    name: 'a changed program',
    relay: /runs program .* not .* as built/,
    verify: /instruction \d+: /,
    change: (m) => {
      const ix = tradeIx(m);
      const budget = m.staticAccounts.indexOf(COMPUTE_BUDGET);
      ix.programAddressIndex = m.instructions.find((i) => i !== ix && i.programAddressIndex !== ix.programAddressIndex && i.programAddressIndex !== budget)!.programAddressIndex;
    },
  },
  {
    name: 'a changed blockhash',
    relay: /its blockhash is .* not .* as built/,
    verify: /its blockhash \w+ is not one the cluster accepts: it was never seen/,
    change: (m) => {
      m.lifetimeToken = getBase58Decoder().decode(randomBytes(32));
    },
  },
  {
    name: 'a changed fee payer',
    relay: /its fee payer is/,
    verify: /the fee payer is \w+, not the wallet/,
    change: (m, env) => {
      m.staticAccounts[0] = env.other.address;
    },
    signers: (_wallet, env) => [env.other],
  },
  {
    name: 'an added transfer',
    relay: /adds an instruction of program 11111111111111111111111111111111/,
    verify: /program 11111111111111111111111111111111 is not part of an accepted trade/,
    change: (m) => {
      // A system transfer of 1 SOL from the wallet to the first writable account after the signers.
      let program = m.staticAccounts.indexOf(SYSTEM);
      if (program < 0) {
        // A program must be a static key: append it, and shift every index past the statics (lookup entries) by one.
        program = m.staticAccounts.length;
        m.instructions = m.instructions.map((ix) => ({
          ...ix,
          programAddressIndex: ix.programAddressIndex >= program ? ix.programAddressIndex + 1 : ix.programAddressIndex,
          ...(ix.accountIndices ? { accountIndices: ix.accountIndices.map((i) => (i >= program ? i + 1 : i)) } : {}),
        }));
        m.staticAccounts.push(SYSTEM);
        m.header = { ...m.header, numReadonlyNonSignerAccounts: m.header.numReadonlyNonSignerAccounts + 1 };
      }
      const data = new Uint8Array(12);
      new DataView(data.buffer).setUint32(0, 2, true);
      new DataView(data.buffer).setBigUint64(4, 1_000_000_000n, true);
      m.instructions = [...m.instructions, { programAddressIndex: program, accountIndices: [0, m.header.numSignerAccounts], data }];
    },
  },
  {
    name: 'a signature slot that does not verify',
    relay: /signature of .* does not verify/,
    verify: /signature slot 1 \(\w+\) already holds a signature/,
    change: null,
    afterwards: (wire) => {
      wire[5] = wire[5]! ^ 0xff; // inside the first signature
    },
  },
  {
    name: 'an expired blockhash',
    relay: /expired/,
    verify: /its blockhash expired at block height \d+/,
    change: null,
    afterwards: (_wire, env) => env.expire(),
  },
];

export function decodeMessage(wireBase64: string): Compiled {
  const tx = getTransactionDecoder().decode(new Uint8Array(Buffer.from(wireBase64, 'base64')));
  const decoded = getCompiledTransactionMessageDecoder().decode(tx.messageBytes) as unknown as Compiled;
  return {
    ...decoded,
    staticAccounts: [...decoded.staticAccounts],
    instructions: decoded.instructions.map((ix) => ({ ...ix, ...(ix.data ? { data: new Uint8Array(ix.data) } : {}) })),
  };
}

function transactionOf(message: Compiled): Transaction {
  const messageBytes = getCompiledTransactionMessageEncoder().encode(message as never) as TransactionMessageBytes;
  const slots = Object.fromEntries(message.staticAccounts.slice(0, message.header.numSignerAccounts).map((a) => [a, null]));
  return { messageBytes, signatures: slots } as unknown as Transaction;
}

/** The build's transaction changed by `tampering`, unsigned (what a tampered build answers). */
export function tamperedUnsigned(wireBase64: string, tampering: Tampering, env: TamperEnv): string {
  const message = decodeMessage(wireBase64);
  tampering.change?.(message, env);
  const wire = new Uint8Array(getTransactionEncoder().encode(transactionOf(message)));
  tampering.afterwards?.(wire, env);
  return Buffer.from(wire).toString('base64');
}

/** The build's transaction changed by `tampering` and signed (what a tampered send carries). */
export async function tamperedSigned(wireBase64: string, tampering: Tampering, wallet: KeyPairSigner, env: TamperEnv): Promise<string> {
  const message = decodeMessage(wireBase64);
  tampering.change?.(message, env);
  const signers = tampering.signers?.(wallet, env) ?? [wallet];
  const signed = await signTransaction(signers.map((s) => s.keyPair), transactionOf(message));
  const wire = new Uint8Array(getTransactionEncoder().encode(signed));
  tampering.afterwards?.(wire, env);
  return Buffer.from(wire).toString('base64');
}
