import type { Address, KeyPairSigner, Lamports, Signature } from '@solana/kit';
import { getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget';
import { getTransferSolInstruction } from '@solana-program/system';
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getMintToCheckedInstruction } from '@solana-program/token';
import type { MintInfo } from '../config/profile.js';
import { DeskError } from '../errors.js';
import type { TokenUnits, ZecUnits } from '../math/units.js';
import { sendInstructions } from './admin-transaction.js';
import type { SandboxCluster } from './cluster.js';

/** Largest single SOL airdrop, as a test validator's faucet caps a request. */
export const MAX_AIRDROP_LAMPORTS = 1_000_000n * 1_000_000_000n;

/**
 * Sandbox play money: SOL is a transfer from the faucet authority, ZEC (and the native coin) are minted
 * by it into the wallet's associated token account, which is created when missing. Each is one real,
 * recorded transaction.
 */
export class Faucet {
  /** Makes every request its own transaction: two equal requests in one slot would otherwise be one signature. */
  private sent = 0n;

  constructor(
    private readonly cluster: SandboxCluster,
    private readonly authority: KeyPairSigner,
    private readonly mints: { readonly zec: MintInfo; readonly native: MintInfo },
  ) {}

  get address(): Address {
    return this.authority.address;
  }

  /**
   * Why the faucet cannot give `amount` of `asset` to `wallet`, in words; null when it can. A program (an
   * executable account, the System Program among them) holds nothing for anyone; a new account needs its rent.
   */
  problem(wallet: Address, asset: 'SOL' | 'ZEC' | 'native', amount: bigint): string | null {
    const account = this.cluster.getAccount(wallet);
    if (account?.executable) return `${wallet} is a program, not a wallet: the faucet gives to wallets`;
    if (asset === 'SOL' && account === null) {
      const rent = this.cluster.minimumBalanceForRentExemption(0n);
      if (amount < rent) return `amount: ${wallet} has no account yet, and a new account needs at least ${rent} lamports (its rent) to exist; ask for at least that much`;
    }
    return null;
  }

  async sol(wallet: Address, lamports: Lamports): Promise<Signature> {
    if (lamports <= 0n || lamports > MAX_AIRDROP_LAMPORTS) {
      throw new DeskError('invalid_param', `airdrop of ${lamports} lamports: must be from 1 to ${MAX_AIRDROP_LAMPORTS}`);
    }
    return sendInstructions(this.cluster, this.authority, [this.unique(), getTransferSolInstruction({ source: this.authority, destination: wallet, amount: lamports })]);
  }

  async zec(wallet: Address, amount: ZecUnits): Promise<Signature> {
    return this.token(this.mints.zec, wallet, amount);
  }

  async native(wallet: Address, amount: TokenUnits): Promise<Signature> {
    return this.token(this.mints.native, wallet, amount);
  }

  /** A compute-unit price of the request's number (micro-lamports: a fraction of a lamport the faucet pays), so no two requests sign the same bytes. */
  private unique() {
    this.sent += 1n;
    return getSetComputeUnitPriceInstruction({ microLamports: this.sent });
  }

  private async token(mint: MintInfo, wallet: Address, amount: bigint): Promise<Signature> {
    if (amount <= 0n) throw new DeskError('invalid_param', `faucet amount must be positive, got ${amount}`);
    const [ata] = await findAssociatedTokenPda({ mint: mint.address, owner: wallet, tokenProgram: mint.tokenProgram });
    return sendInstructions(this.cluster, this.authority, [
      this.unique(),
      getCreateAssociatedTokenIdempotentInstruction({
        payer: this.authority,
        ata,
        owner: wallet,
        mint: mint.address,
        tokenProgram: mint.tokenProgram,
      }),
      getMintToCheckedInstruction(
        { mint: mint.address, token: ata, mintAuthority: this.authority, amount, decimals: mint.decimals },
        { programAddress: mint.tokenProgram },
      ),
    ]);
  }
}
