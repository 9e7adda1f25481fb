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
  /** Listed by create_v2 (no program of ours sits there: the sandbox has no mayhem mode). */
  mayhem: 'MAyhSmzXzV1pTf7LsNkrNwkWKTo4ougAJ1PPg47MD4e' as Address,
});

/**
 * The buyback fee recipients the official SDK picks from (its `getStaticRandomFeeRecipientForBuyback`);
 * the sandbox's Global names the same ones so that SDK-built trades pass its check.
 */
export const LIVE_BUYBACK_FEE_RECIPIENTS: readonly Address[] = Object.freeze([
  '5YxQFdt3Tr9zJLvkFccqXVUwhdTWJQc1fFg2YPbxvxeD',
  '9M4giFFMxmFGXtc3feFzRai56WbBqehoSeRE5GK7gf7',
  'GXPFM2caqTtQYC2cJ5yJRi9VDkpsYZXzYdwYpGnLmtDL',
  '3BpXnfJaUTiwXnJNe7Ej1rcbzqTTQUvLShZaWazebsVR',
  '5cjcW9wExnJJiqgLjq7DEG75Pm6JBgE1hNv4B2vHXUW6',
  'EHAAiTxcdDwQ3U4bU6YcMsQGaekdzLS3B5SmYo46kJtL',
  '5eHhjP8JaYkz83CWwvGU2uMUXefd3AazWGx4gpcuEEYD',
  'A7hAgCzFw14fejgCp387JUJRMNyz4j89JKnhtKU8piqW',
] as Address[]);

/** Programs of the sandbox's own (no live counterpart), at addresses fixed for every sandbox. */
export const SANDBOX_OWN_PROGRAMS = Object.freeze({
  aggregator: 'GWXLVxN2bCNU1ArY9D217NM157GXvArZLdV676PNWi9B' as Address,
  /** The service's vault (payee records, the creator-fee split); the spec's `programs.nativeVault`. */
  vault: '4q3iExebg3wkKmXS42VmUpPgttHQvaU73T6qBb8AihH1' as Address,
});

/**
 * The SPL Memo program at its two live addresses, each owned as on mainnet by a loader that cannot
 * upgrade it: v2 (what wallets add) under BPF loader 2, v1 under BPF loader 1.
 */
export const SPL_MEMO = Object.freeze({
  v2: { address: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address, loader: 'BPFLoader2111111111111111111111111111111111' as Address },
  v1: { address: 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo' as Address, loader: 'BPFLoader1111111111111111111111111111111111' as Address },
});
