import { Type, type Static } from 'typebox';
import type { Address } from '@solana/kit';
import type { Chain } from '../../chain/chain.js';
import { LISTING_RULES } from '../../config/listing-rules.js';
import { NATIVE_SYMBOL, type NetworkProfile } from '../../config/profile.js';
import { DeskError } from '../../errors.js';
import { decodeGlobal } from '../../programs/launchpad/global.js';
import { findGlobal } from '../../programs/launchpad/pdas.js';
import { decodeVaultConfig, findVaultConfig } from '../../programs/vault/config.js';
import { AddressString, Amount } from './common.js';

const Bps = (description: string) => Type.Integer({ minimum: 0, maximum: 10_000, description });

const EndpointUrl = (description: string) => Type.Union([Type.String({ format: 'uri' }), Type.Null()], { description });

export const Params = Type.Object(
  {
    cluster: Type.Object(
      {
        kind: Type.Union([Type.Literal('sandbox'), Type.Literal('rpc')], { description: 'the embedded sandbox, or a cluster reached over JSON-RPC' }),
        rpcUrl: EndpointUrl("the cluster's Solana JSON-RPC endpoint; null while a sandbox runs without its RPC facade"),
        wsUrl: EndpointUrl("the cluster's JSON-RPC WebSocket (PubSub) endpoint; the sandbox's is always on the RPC port + 1"),
      },
      { description: 'Where the cluster this server reads answers Solana clients (an addition to the spec)' },
    ),
    programs: Type.Object({
      launchpad: AddressString(),
      amm: AddressString(),
      fees: AddressString(),
      nativeVault: AddressString('the vault program'),
      mayhem: AddressString('the mayhem program create_v2 names (an addition: a client rebuilding a planting\'s accounts needs it)'),
    }),
    zecMint: AddressString(),
    treasury: AddressString(),
    lookupTable: Type.Union([AddressString(), Type.Null()]),
    swap: Type.Union(
      [
        Type.Object({
          aggregator: AddressString('the aggregator program of SOL/ZEC swaps'),
          pool: AddressString('the WSOL/ZEC pool it swaps on'),
          poolWsolVault: AddressString(),
          poolZecVault: AddressString(),
        }),
        Type.Null(),
      ],
      { description: 'The SOL/ZEC swap route, null where the cluster has no aggregator (an addition: a client checks swaps against it)' },
    ),
    planting: Type.Object({
      launchFeeLamports: Amount('lamports'),
      creatorFeeBps: Bps('creator_fee_bps of a listed planting'),
      open: Type.Boolean({ description: 'planting is open on chain' }),
      maxPriorityLamports: Amount('lamports'),
      ticker: Type.Object({ pattern: Type.String() }),
      name: Type.Object({ maxBytes: Type.Integer() }),
      uri: Type.Object({ maxChars: Type.Integer(), schemes: Type.Array(Type.String()) }),
      image: Type.Object({ types: Type.Array(Type.String()), maxBytes: Type.Integer() }),
    }),
    launchpad: Type.Object({
      feeRecipient: AddressString(),
      buybackFeeRecipient: AddressString(),
      feeRecipients: Type.Array(AddressString()),
      buybackFeeRecipients: Type.Array(AddressString()),
      protocolFeeBps: Bps('protocol fee of a curve trade'),
      buybackFeeBps: Bps('buyback fee of a curve trade'),
      reserves: Type.Object({ initialVirtualToken: Amount('raw'), initialVirtualQuote: Amount('zat'), initialRealToken: Amount('raw'), tokenTotalSupply: Amount('raw') }),
    }),
    fees: Type.Object({
      creatorFeeBps: Bps('the creator fee of each trade'),
      split: Type.Object({ liquidityBps: Bps('liquidity'), rootstockBps: Bps('rootstock'), treasuryBps: Bps('treasury'), payeeBps: Bps("the deployer's payee") }),
    }),
    pairs: Type.Object({
      native: Type.Union([
        Type.Object({
          mint: AddressString(),
          symbol: Type.String(),
          decimals: Type.Integer(),
          tokenProgram: AddressString(),
          pool: AddressString(),
          poolBaseVault: AddressString(),
          poolQuoteVault: AddressString(),
          routeInstruction: Type.Literal('multi_hop_swap'),
          routeProgram: AddressString(),
          routeProtocolFeeBps: Bps('charged once, in ZEC'),
          poolLpFeeBps: Bps("a graduated pool's LP fee"),
        }),
        Type.Null(),
      ]),
    }),
  },
  { description: 'Chain and fee constants, read from chain and the network profile at run time, never typed in.' },
);

export type ParamsJson = Static<typeof Params>;

/** The aggregator's route as the profile names it (core/engine/swap.ts builds on the same names). */
function swapOf(profile: NetworkProfile): ParamsJson['swap'] {
  const aggregator = profile.programs['aggregator'];
  const [pool, poolWsolVault, poolZecVault] = [profile.accounts['wsolPool'], profile.accounts['wsolPoolBaseVault'], profile.accounts['wsolPoolQuoteVault']];
  return aggregator && pool && poolWsolVault && poolZecVault ? { aggregator, pool, poolWsolVault, poolZecVault } : null;
}

/** Reads the params: the launchpad's Global and the vault's config from chain, addresses from the profile. */
export async function readParams(chain: Chain, profile: NetworkProfile): Promise<ParamsJson> {
  const program = (name: string): Address => {
    const address = profile.programs[name];
    if (!address) throw new DeskError('unavailable', `the network profile names no ${name} program`);
    return address;
  };
  const [globalAccount, configAccount] = await chain.getAccounts([await findGlobal(program('launchpad')), await findVaultConfig(program('vault'))], 'confirmed');
  if (!globalAccount || !configAccount) throw new DeskError('unavailable', "the launchpad's Global or the vault's config is not on this cluster");
  const global = decodeGlobal(globalAccount.data);
  const config = decodeVaultConfig(configAccount.data);
  const native = profile.pairs?.native;
  return {
    cluster: { kind: profile.cluster.kind, rpcUrl: profile.cluster.rpcUrl, wsUrl: profile.cluster.wsUrl },
    programs: { launchpad: program('launchpad'), amm: program('amm'), fees: program('fees'), nativeVault: program('vault'), mayhem: program('mayhem') },
    zecMint: profile.mints.zec.address,
    treasury: config.treasury,
    lookupTable: profile.accounts['lookupTable'] ?? null,
    swap: swapOf(profile),
    planting: {
      launchFeeLamports: String(config.launchFeeLamports),
      creatorFeeBps: Number(config.creatorFeeBps),
      open: global.createV2Enabled,
      maxPriorityLamports: String(LISTING_RULES.maxPriorityLamports),
      ticker: { pattern: LISTING_RULES.tickerPattern.source },
      name: { maxBytes: LISTING_RULES.nameMaxBytes },
      uri: { maxChars: LISTING_RULES.uriMaxChars, schemes: ['https', 'ipfs'] },
      image: { types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'], maxBytes: 4 * 1024 * 1024 - 1 },
    },
    launchpad: {
      feeRecipient: global.feeRecipient,
      buybackFeeRecipient: global.buybackFeeRecipients[0] ?? global.feeRecipient,
      feeRecipients: [global.feeRecipient, ...global.feeRecipients],
      buybackFeeRecipients: [...global.buybackFeeRecipients],
      protocolFeeBps: Number(global.feeBasisPoints),
      buybackFeeBps: Number(global.buybackBasisPoints),
      reserves: {
        initialVirtualToken: String(global.initialVirtualTokenReserves),
        initialVirtualQuote: String(global.initialVirtualQuoteReserves),
        initialRealToken: String(global.initialRealTokenReserves),
        tokenTotalSupply: String(global.tokenTotalSupply),
      },
    },
    fees: {
      creatorFeeBps: Number(config.creatorFeeBps),
      split: { liquidityBps: Number(config.split.liquidityBps), rootstockBps: Number(config.split.rootstockBps), treasuryBps: Number(config.split.treasuryBps), payeeBps: Number(config.split.payeeBps) },
    },
    pairs: {
      native: native
        ? {
            mint: native.mint,
            symbol: native.symbol ?? NATIVE_SYMBOL,
            decimals: native.decimals,
            tokenProgram: native.tokenProgram,
            pool: native.pool,
            poolBaseVault: native.poolBaseVault,
            poolQuoteVault: native.poolQuoteVault,
            routeInstruction: native.routeInstruction,
            routeProgram: native.routeProgram,
            routeProtocolFeeBps: native.routeProtocolFeeBps,
            poolLpFeeBps: native.poolLpFeeBps,
          }
        : null,
    },
  };
}
