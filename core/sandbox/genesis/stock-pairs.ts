import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction } from '@solana-program/token';
import { getTransferSolInstruction } from '@solana-program/system';
import { lamports, type Address, type Instruction, type KeyPairSigner } from '@solana/kit';
import type { NetworkProfile } from '../../config/profile.js';
import { lamportsOf, type TokenUnits } from '../../math/units.js';
import { buyV2Instruction } from '../../programs/launchpad/instructions/buy-v2.js';
import { addQuoteControlMintInstruction } from '../../programs/launchpad/instructions/add-quote-control-mint.js';
import { createV2Instruction } from '../../programs/launchpad/instructions/create-v2.js';
import { sellV2Instruction } from '../../programs/launchpad/instructions/sell-v2.js';
import type { TradeV2Parties } from '../../programs/launchpad/instructions/trade-v2-accounts.js';
import { mintToChecked, type Authority } from '../../programs/token-2022/instructions.js';
import { decodeVaultConfig } from '../../programs/vault/config.js';
import { declarePayeeInstruction } from '../../programs/vault/declare-payee.js';
import { findCoinAuthority } from '../../programs/vault/pdas.js';
import { setReferenceInstruction } from '../../programs/vault/price-record.js';
import { sendInstructions } from '../admin-transaction.js';
import { TOKEN_2022_PROGRAM } from '../token-balances.js';
import { signerOf } from './keys.js';
import { derivedSigner, issuerOfDecimals, MULTISIG_THRESHOLD, stockIssuer } from './stock-issuers.js';
import type { GenesisContext } from './genesis-context.js';

/**
 * Genesis step 15: stock pairs. The vault's ZEC rate memory (`reference`) for most stocks (some have none:
 * their coins have no ZEC value), three stocks admitted as the launchpad's quote mints, and a coin paired
 * with each, planted the listed way (create_v2 quoted in the stock, a first buy, the launch fee, the payee
 * declared) by traders holding the stock, then traded both ways.
 */

/** What one displayed share is worth in zat, per stock (a sandbox's prices: the shape of real ones). */
const ZAT_PER_SHARE: Readonly<Record<string, bigint>> = {
  nvdax: 360_000_000n, spyx: 1_330_000_000n, aaplx: 460_000_000n, brkbx: 980_000_000n, gmex: 48_000_000n, mcdx: 620_000_000n,
  qqqx: 1_140_000_000n, tslax: 860_000_000n, gldx: 740_000_000n, googlx: 550_000_000n, hoodx: 270_000_000n, msftx: 1_010_000_000n,
  amznx: 450_000_000n, kox: 140_000_000n, pltrx: 360_000_000n, metax: 1_450_000_000n, coinx: 640_000_000n,
  baba: 310_000_000n, ibm: 580_000_000n, mu: 410_000_000n, nke: 130_000_000n, dell: 260_000_000n, hims: 110_000_000n,
  mrvl: 160_000_000n, nflx: 220_000_000n, pfe: 50_000_000n, rddt: 440_000_000n, race: 890_000_000n, intc: 80_000_000n,
  amd: 490_000_000n, lly: 1_920_000_000n,
};
/** The stocks admitted as quote mints, each with a coin paired with it. */
export const SANDBOX_STOCK_PAIRS: readonly { readonly key: string; readonly name: string; readonly symbol: string }[] = [
  { key: 'nvdax', name: 'Green Silicon', symbol: 'GPU' },
  { key: 'tslax', name: 'Cybertruck Club', symbol: 'CYBR' },
  { key: 'pfe', name: 'Pill Party', symbol: 'PILL' },
];

export async function genesisStockPairs({ cluster, keys, profile }: GenesisContext): Promise<NetworkProfile> {
  const review = profile?.stocks;
  if (!profile || !review) throw new Error('genesis step "stock pairs" needs the stocks step first');
  const admin = await signerOf(keys.faucetAuthority);
  const launchpad = profile.programs['launchpad']!;
  const vault = profile.programs['vault']!;

  // The vault's rate memory: zat per raw unit times 1e12 = zat per share × 10^(12 − decimals) / multiplier.
  const references: Instruction[] = [];
  for (const entry of review.stocks) {
    const perShare = ZAT_PER_SHARE[entry.key];
    if (perShare === undefined) continue;
    const [digits, scale] = decimalParts(entry.multiplier);
    const reference = (perShare * 10n ** BigInt(12 - entry.decimals) * digits) / 10n ** BigInt(scale);
    references.push(await setReferenceInstruction({ vault, admin: admin.address, mint: entry.mint, reference }));
  }
  for (let i = 0; i < references.length; i += 6) await sendInstructions(cluster, admin, references.slice(i, i + 6));

  const config = decodeVaultConfig(cluster.getAccount(profile.accounts['vaultConfig']!)!.data);
  const feeRecipient = profile.accounts['feeRecipient']!;
  const buybackFeeRecipient = profile.accounts['buybackFeeRecipient']!;
  for (const [index, pair] of SANDBOX_STOCK_PAIRS.entries()) {
    const entry = review.stocks.find((s) => s.key === pair.key)!;
    const share = 10n ** BigInt(entry.decimals);
    // Admitted with 10 shares of virtual reserves, as ZEC is with 30 ZEC.
    await sendInstructions(cluster, admin, [
      await addQuoteControlMintInstruction({ launchpad, authority: admin.address }, { quoteMint: entry.mint, initialVirtualQuoteReserves: 10n * share }),
      ...(await Promise.all(
        [feeRecipient, buybackFeeRecipient].map(async (owner) => {
          const [ata] = await findAssociatedTokenPda({ mint: entry.mint, owner, tokenProgram: TOKEN_2022_PROGRAM });
          return getCreateAssociatedTokenIdempotentInstruction({ payer: admin, ata, owner, mint: entry.mint, tokenProgram: TOKEN_2022_PROGRAM });
        }),
      )),
    ]);

    // Two traders holding the stock (minted by the issuer's multisig, as a transfer agent would deliver it).
    const issuer = await stockIssuer(keys, issuerOfDecimals(entry.decimals));
    const multisig: Authority = { address: issuer.multisigAccount.address, signers: issuer.members.slice(0, MULTISIG_THRESHOLD) };
    const traders: KeyPairSigner[] = [await derivedSigner(keys, `stock-trader/${pair.key}/1`), await derivedSigner(keys, `stock-trader/${pair.key}/2`)];
    for (const trader of traders) {
      cluster.fundFromGenesis(trader.address, lamportsOf(50_000_000_000n));
      const [ata] = await findAssociatedTokenPda({ mint: entry.mint, owner: trader.address, tokenProgram: TOKEN_2022_PROGRAM });
      await sendInstructions(cluster, admin, [
        getCreateAssociatedTokenIdempotentInstruction({ payer: admin, ata, owner: trader.address, mint: entry.mint, tokenProgram: TOKEN_2022_PROGRAM }),
        mintToChecked(entry.mint, ata, multisig, 5n * share, entry.decimals),
      ]);
    }

    const [planter, buyer] = traders as [KeyPairSigner, KeyPairSigner];
    const mint = await derivedSigner(keys, `stock-coin/${pair.key}`);
    const creator = await findCoinAuthority(vault, mint.address);
    const programs = { launchpad, fees: profile.programs['fees']!, mayhem: profile.programs['mayhem']! };
    const quote = { mint: entry.mint, tokenProgram: TOKEN_2022_PROGRAM };
    const parties = (user: Address): TradeV2Parties => ({
      programs,
      baseMint: mint.address,
      baseTokenProgram: TOKEN_2022_PROGRAM,
      quoteMint: entry.mint,
      quoteTokenProgram: TOKEN_2022_PROGRAM,
      user,
      creator,
      feeRecipient,
      buybackFeeRecipient,
    });
    const coinAccount = async (owner: KeyPairSigner) => {
      const [ata] = await findAssociatedTokenPda({ owner: owner.address, mint: mint.address, tokenProgram: TOKEN_2022_PROGRAM });
      return getCreateAssociatedTokenIdempotentInstruction({ payer: owner, ata, owner: owner.address, mint: mint.address, tokenProgram: TOKEN_2022_PROGRAM });
    };
    const million = 1_000_000n * 1_000_000n;
    cluster.advanceSlots(1);
    await sendInstructions(cluster, planter, [
      withSigner(
        await createV2Instruction(
          { programs, mint: mint.address, user: planter.address, quote },
          { name: pair.name, symbol: pair.symbol, uri: `https://sandbox.invalid/coins/${pair.symbol.toLowerCase()}.json`, creator, isMayhemMode: false, isCashbackEnabled: false, creatorFeeBps: config.creatorFeeBps, isHolderReward: false },
        ),
        mint,
      ),
      await coinAccount(planter),
      await buyV2Instruction(parties(planter.address), { amount: (20n * million) as TokenUnits, maxQuoteCost: 2n * share }),
      getTransferSolInstruction({ source: planter, destination: config.treasury, amount: lamports(config.launchFeeLamports) }),
      await declarePayeeInstruction({ vault, zecMint: profile.mints.zec.address, deployer: planter.address, mint: mint.address, payee: index === 1 ? { kind: 'holders' } : { kind: 'wallet', wallet: planter.address } }),
    ]);
    cluster.advanceSlots(1);
    await sendInstructions(cluster, buyer, [await coinAccount(buyer), await buyV2Instruction(parties(buyer.address), { amount: (35n * million) as TokenUnits, maxQuoteCost: 4n * share })]);
    cluster.advanceSlots(1);
    await sendInstructions(cluster, planter, [await sellV2Instruction(parties(planter.address), { amount: (5n * million) as TokenUnits, minQuoteOutput: 0n })]);
    cluster.advanceSlots(1);
  }
  return profile;
}

function decimalParts(text: string): [bigint, number] {
  const [whole, fraction = ''] = text.split('.');
  return [BigInt(whole! + fraction), fraction.length];
}

/** The mint key signs create_v2 beside the planter. */
function withSigner(instruction: Instruction, signer: KeyPairSigner): Instruction {
  return { ...instruction, accounts: instruction.accounts?.map((meta) => (meta.address === signer.address ? { ...meta, signer } : meta)) } as Instruction;
}
