/**
 * launchdesk/client: a typed client of /v1 (our local server or any host that speaks it), the spec's
 * client-side verification of builds, signing with @solana/kit signers or @solana/web3.js Keypairs,
 * sending through the relay or your own RPC, and one call for each whole flow.
 */
export { V1Client, type V1ClientOptions, type CoinListQuery, type UploadRequest, type FaucetAsk, type FaucetJson, type RateLimitState, type RateLimitWait } from './v1-client.js';
export { NothingToClaimError, isNothingToClaim, type NothingToClaimDetail, type ClaimableState } from './claim-status.js';
export { StreamSubscription, type StreamHandlers } from './stream-subscription.js';
export { LaunchdeskError, isLaunchdeskError } from './client-error.js';
export { verifyBuild, type BuildAsk, type BuildVerdict, type VerifyContext } from './verify-build.js';
export { pinDifferences, pinsOfProfile, sandboxConnection, sandboxPins, type Pins } from './pins.js';
export { clientWorld, clusterProfileOf } from './cluster-view.js';
export { signBuild, signerOf, signMessageText, addressOfKey, type WalletKey, type Web3Keypair } from './wallet-signer.js';
export { sendThroughRelay, sendThroughRpc, type SendRoute } from './send.js';
export { Launchdesk, type LaunchdeskOptions, type FlowProgress, type FlowResult, type TradeResult, type PlantResult, type PlantAsk, type SellAsk } from './flows.js';
export { RpcChain } from '../chain/rpc-chain.js';
export type { Chain } from '../chain/chain.js';
export type * from './api-types.js';
/**
 * The @solana/kit calls a bot needs to hold its key, from the client's own kit: @launchdesk/client bundles
 * kit, so a bot written in JavaScript needs no kit of its own.
 */
export { createKeyPairSignerFromBytes, generateKeyPairSigner, address } from '@solana/kit';
