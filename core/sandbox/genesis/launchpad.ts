import { readFileSync } from 'node:fs';
import { AccountRole, generateKeyPairSigner, type Address, type Instruction } from '@solana/kit';
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction } from '@solana-program/token';
import type { NetworkProfile } from '../../config/profile.js';
import { resourcePath } from '../../config/resources.js';
import type { Bps, Lamports, TokenUnits } from '../../math/units.js';
import { findEventAuthority } from '../../programs/anchor/event-authority.js';
import { addQuoteControlMintInstruction } from '../../programs/launchpad/instructions/add-quote-control-mint.js';
import { addQuoteMintInstruction } from '../../programs/launchpad/instructions/add-quote-mint.js';
import { initializeQuoteControlInstruction } from '../../programs/launchpad/instructions/initialize-quote-control.js';
import { initializeInstruction } from '../../programs/launchpad/instructions/initialize.js';
import { setParamsInstruction } from '../../programs/launchpad/instructions/set-params.js';
import { setVirtualQuoteReservesInstruction } from '../../programs/launchpad/instructions/set-virtual-quote-reserves.js';
import { updateBuybackConfigInstruction } from '../../programs/launchpad/instructions/update-buyback-config.js';
import { updateCreatorFeeConfigInstruction } from '../../programs/launchpad/instructions/update-creator-fee-config.js';
import { findGlobal, findQuoteControl } from '../../programs/launchpad/pdas.js';
import { sendInstructions } from '../admin-transaction.js';
import { signerOf } from './keys.js';
import { LIVE_BUYBACK_FEE_RECIPIENTS, LIVE_PROGRAMS } from './live-addresses.js';
import type { GenesisContext } from './genesis-context.js';

/**
 * Genesis step 3: the launchpad at its live address, Global with the live curve shape (1e9 coins of 6
 * decimals, 793.1M on the curve, 1.073e9 virtual), ZEC admitted through Global and the native coin
 * through QuoteControl, fee recipients and buyback fee recipients with ZEC and native-coin accounts.
 */
export const CURVE_SHAPE = Object.freeze({
  initialVirtualTokenReserves: 1_073_000_000_000_000n as TokenUnits,
  initialRealTokenReserves: 793_100_000_000_000n as TokenUnits,
  tokenTotalSupply: 1_000_000_000_000_000n as TokenUnits,
});
/** Where a ZEC curve starts: 30 ZEC of virtual reserves (8 decimals), as a SOL curve starts at 30 SOL. */
export const INITIAL_VIRTUAL_ZEC_RESERVES = 30n * 100_000_000n;
/**
 * Where a native-coin curve starts: 30,000 native coins (6 decimals), worth the 30 ZEC a ZEC curve starts
 * at by the native pool's opening rate (1 native = 0.001 ZEC, amm.ts NATIVE_POOL_DEPTH). A native-paired
 * coin planted now then shows the market cap, price and progress a ZEC coin shows, and completes after a
 * raise of about the same ZEC value; at 100× that (3,000,000), a fresh native coin read ~2.8K ZEC of market
 * cap and barely moved its progress bar.
 */
export const INITIAL_VIRTUAL_NATIVE_RESERVES = 30_000n * 1_000_000n;
/** The creator rate a coin may carry (spec: 2.00%). */
export const MAX_CREATOR_FEE_BPS = 200n as Bps;
const FEE_RECIPIENT_COUNT = 8;

export async function genesisLaunchpad({ cluster, keys, profile }: GenesisContext): Promise<NetworkProfile> {
  if (!profile) throw new Error('genesis step "launchpad" needs the mints step first');
  const admin = await signerOf(keys.faucetAuthority);
  const launchpad = LIVE_PROGRAMS.launchpad;
  cluster.installProgram(launchpad, new Uint8Array(readFileSync(resourcePath('programs', 'launchpad.so'))));
  const { zec, native } = profile.mints;
  // The sandbox's own protocol fee recipients (their keys are not needed: fees accrue in their accounts).
  const feeRecipients: Address[] = [];
  for (let i = 0; i < FEE_RECIPIENT_COUNT; i++) feeRecipients.push((await generateKeyPairSigner()).address);

  await sendInstructions(cluster, admin, [
    await initializeInstruction({ launchpad, user: admin.address }),
    await setParamsInstruction(
      {
        launchpad,
        authority: admin.address,
        remainingAccounts: feeRecipients.map((address) => ({ address, role: AccountRole.READONLY })),
      },
      {
        ...CURVE_SHAPE,
        initialVirtualSolReserves: 30_000_000_000n as Lamports,
        feeBasisPoints: 5n as Bps,
        withdrawAuthority: admin.address,
        enableMigrate: true,
        poolMigrationFee: 0n as Lamports,
        creatorFeeBasisPoints: 200n as Bps,
        setCreatorAuthority: admin.address,
        adminSetCreatorAuthority: admin.address,
      },
    ),
    await updateBuybackConfigInstruction({ launchpad, authority: admin.address, buybackBasisPoints: 0n as Bps, buybackFeeRecipients: LIVE_BUYBACK_FEE_RECIPIENTS }),
    await updateCreatorFeeConfigInstruction({ launchpad, authority: admin.address, creatorFeeConfigurable: true, maxConfigurableCreatorFeeBps: MAX_CREATOR_FEE_BPS }),
    await addQuoteMintInstruction({ launchpad, authority: admin.address, quoteMint: zec.address }),
    await setVirtualQuoteReservesInstruction({ launchpad, authority: admin.address, initialVirtualQuoteReserves: INITIAL_VIRTUAL_ZEC_RESERVES }),
    await initializeQuoteControlInstruction({ launchpad, user: admin.address }),
    await addQuoteControlMintInstruction({ launchpad, authority: admin.address }, { quoteMint: native.address, initialVirtualQuoteReserves: INITIAL_VIRTUAL_NATIVE_RESERVES }),
  ]);

  // Every fee recipient gets its ZEC and native-coin accounts up front.
  const accounts: Instruction[] = [];
  for (const owner of [...feeRecipients, ...LIVE_BUYBACK_FEE_RECIPIENTS]) {
    for (const mint of [zec, native]) {
      const [ata] = await findAssociatedTokenPda({ mint: mint.address, owner, tokenProgram: mint.tokenProgram });
      accounts.push(getCreateAssociatedTokenIdempotentInstruction({ payer: admin, ata, owner, mint: mint.address, tokenProgram: mint.tokenProgram }));
    }
  }
  for (let i = 0; i < accounts.length; i += 8) await sendInstructions(cluster, admin, accounts.slice(i, i + 8));

  return {
    ...profile,
    programs: { ...profile.programs, launchpad, mayhem: LIVE_PROGRAMS.mayhem },
    accounts: {
      ...profile.accounts,
      launchpadGlobal: await findGlobal(launchpad),
      launchpadQuoteControl: await findQuoteControl(launchpad),
      launchpadEventAuthority: await findEventAuthority(launchpad),
      launchpadAuthority: admin.address,
      feeRecipient: feeRecipients[0]!,
      buybackFeeRecipient: LIVE_BUYBACK_FEE_RECIPIENTS[0]!,
    },
  } as NetworkProfile;
}
