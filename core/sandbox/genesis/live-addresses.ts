import type { Address } from '@solana/kit';

/**
 * The live programs' addresses (the `address` of each IDL in @pump-fun/pump-sdk 2.0.0). The sandbox
 * places its programs there, as `solana-test-validator --bpf-program ADDRESS` does, so that clients with
 * built-in program ids work unchanged. Only genesis reads these; everything else reads the profile.
 */
export const LIVE_PROGRAMS = Object.freeze({
  launchpad: '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P' as Address,
  amm: 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA' as Address,
  fees: 'pfeeUxB6jkeY1Hxd7CsFCAjcbHA9rWtchMGdZ6VojVZ' as Address,
});
