import type { Address } from '@solana/kit';

/**
 * Well-known program ids (the only addresses core/ may spell out): the same on every cluster.
 * Everything of the launchpad world comes from the network profile instead.
 */
export { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
export { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address<'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'>;
