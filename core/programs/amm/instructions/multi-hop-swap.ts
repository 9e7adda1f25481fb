import { AccountRole, getU64Encoder, type Address, type Instruction } from '@solana/kit';
import { findEventAuthority } from '../../anchor/event-authority.js';
import { findAssociatedTokenAccount, findGlobal, findLaunchpadFeeConfig } from '../../launchpad/pdas.js';
import { SYSTEM_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '../../launchpad/spl-programs.js';
import { findAmmFeeConfig, findAmmUserVolumeAccumulator, findGlobalConfig } from '../pdas.js';

/**
 * multi_hop_swap, exactly as the spec's "Route instruction" table: discriminator
 * [43, 100, 73, 19, 233, 246, 111, 148], amount_in and min_amount_out (u64 LE), 26 accounts. A buy's hops are
 * [the native-coin/ZEC pool] at 16-20 then [the coin's curve or pool] at 21-25; a sale's are the same two in
 * reverse order (the program refuses either side written in the other's order).
 */
export const MULTI_HOP_SWAP_DISCRIMINATOR = new Uint8Array([43, 100, 73, 19, 233, 246, 111, 148]);

export interface RouteHop {
  readonly baseMint: Address;
  readonly quoteMint: Address;
  /** The pool, or the coin's bonding curve. */
  readonly venue: Address;
  /** The venue's own token accounts of its base and quote. */
  readonly venueBase: Address;
  readonly venueQuote: Address;
}

export interface MultiHopSwapInput {
  readonly programs: { readonly amm: Address; readonly launchpad: Address; readonly fees: Address };
  readonly side: 'buy' | 'sell';
  readonly user: Address;
  /** Hop 1: the native-coin/ZEC pool (base native, quote ZEC); listed first on a buy, second on a sale. */
  readonly hop1: RouteHop;
  /** Hop 2: the coin's curve or canonical native-coin pool (base coin, quote native). */
  readonly hop2: RouteHop;
  /** The ZEC account of one of the launchpad's buyback fee recipients receives the protocol fee. */
  readonly buybackFeeAccount: Address;
  readonly amountIn: bigint;
  readonly minAmountOut: bigint;
}

export async function multiHopSwapInstruction(i: MultiHopSwapInput): Promise<Instruction> {
  const { amm, launchpad, fees } = i.programs;
  const zec = i.hop1.quoteMint;
  const coin = i.hop2.baseMint;
  const zecAccount = await findAssociatedTokenAccount(i.user, zec, TOKEN_PROGRAM_ADDRESS);
  const coinAccount = await findAssociatedTokenAccount(i.user, coin, TOKEN_2022_PROGRAM_ADDRESS);
  const [input, output] = i.side === 'buy' ? [zecAccount, coinAccount] : [coinAccount, zecAccount];
  const W = AccountRole.WRITABLE;
  const R = AccountRole.READONLY;
  const hop = (h: RouteHop) => [
    { address: h.baseMint, role: R },
    { address: h.quoteMint, role: R },
    { address: h.venue, role: W },
    { address: h.venueBase, role: W },
    { address: h.venueQuote, role: W },
  ];
  const data = new Uint8Array(24);
  data.set(MULTI_HOP_SWAP_DISCRIMINATOR, 0);
  data.set(getU64Encoder().encode(i.amountIn), 8);
  data.set(getU64Encoder().encode(i.minAmountOut), 16);
  return {
    programAddress: amm,
    accounts: [
      { address: i.user, role: AccountRole.WRITABLE_SIGNER },
      { address: input, role: W },
      { address: output, role: W },
      { address: await findGlobalConfig(amm), role: R },
      { address: await findAmmFeeConfig({ amm, fees }), role: R },
      { address: await findAmmUserVolumeAccumulator(amm, i.user), role: W },
      { address: i.buybackFeeAccount, role: W },
      { address: TOKEN_PROGRAM_ADDRESS, role: R },
      { address: TOKEN_2022_PROGRAM_ADDRESS, role: R },
      { address: SYSTEM_PROGRAM_ADDRESS, role: R },
      { address: await findEventAuthority(amm), role: R },
      { address: amm, role: R },
      { address: launchpad, role: R },
      { address: await findGlobal(launchpad), role: R },
      { address: await findLaunchpadFeeConfig({ launchpad, fees }), role: R },
      { address: await findEventAuthority(launchpad), role: R },
      ...(i.side === 'buy' ? [...hop(i.hop1), ...hop(i.hop2)] : [...hop(i.hop2), ...hop(i.hop1)]),
    ],
    data,
  };
}
