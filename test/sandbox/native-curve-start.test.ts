import { describe, expect, it } from 'vitest';
import { NATIVE_POOL_DEPTH } from '../../core/sandbox/genesis/amm.js';
import { INITIAL_VIRTUAL_NATIVE_RESERVES, INITIAL_VIRTUAL_ZEC_RESERVES } from '../../core/sandbox/genesis/launchpad.js';

/** The sandbox's native-coin curves start where its ZEC curves do, in ZEC: their figures read alike (core/sandbox/genesis/launchpad.ts). */
describe("the sandbox's native-coin curve start", () => {
  it('is worth the 30 ZEC a ZEC curve starts at, by the native pool\'s opening rate', () => {
    expect((INITIAL_VIRTUAL_NATIVE_RESERVES * NATIVE_POOL_DEPTH.quote) / NATIVE_POOL_DEPTH.base).toBe(INITIAL_VIRTUAL_ZEC_RESERVES);
  });
});
