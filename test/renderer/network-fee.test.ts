import { describe, expect, it } from 'vitest';
import { networkFeeLamports } from '../../core/verify/network-fee.js';

const limit = (units: bigint) => ({ kind: 'budget:limit', amounts: { units } });
const price = (microLamports: bigint) => ({ kind: 'budget:price', amounts: { microLamports } });

/** The network fee a review shows and a renewed build is held to: base fee per signature plus the priority fee, rounded up. */
describe('networkFeeLamports', () => {
  it('adds 5,000 lamports a signature and ceil(limit × price / 1e6) per transaction', () => {
    expect(networkFeeLamports([{ signers: ['w'], instructions: [limit(98_264n), price(10_000n)] }])).toBe(5_000n + 983n);
    expect(networkFeeLamports([{ signers: ['w', 'mint'], instructions: [limit(200_000n), price(1n)] }, { signers: ['w'], instructions: [] }])).toBe(10_000n + 1n + 5_000n);
    expect(networkFeeLamports([{ signers: ['w'], instructions: [{ kind: 'launchpad:buy_v2', amounts: {} }] }])).toBe(5_000n);
  });
});
