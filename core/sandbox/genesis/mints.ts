import type { Address, KeyPairSigner } from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import { getInitializeMint2Instruction } from '@solana-program/token';
import type { NetworkProfile } from '../../config/profile.js';
import { sendInstructions } from '../admin-transaction.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../token-balances.js';
import { FAUCET_GENESIS_LAMPORTS, NATIVE_MINT_DECIMALS, SANDBOX_PROGRAMS, signerOf, WSOL_MINT, ZEC_MINT_DECIMALS } from './keys.js';
import type { GenesisContext } from './genesis-context.js';

const MINT_SIZE = 82n;

/** Genesis step 1: the faucet's allocation, ZEC (SPL Token), the native coin (Token-2022) and WSOL. */
export async function genesisMints({ cluster, keys }: GenesisContext): Promise<NetworkProfile> {
  const faucet = await signerOf(keys.faucetAuthority);
  const zec = await signerOf(keys.zecMint);
  const native = await signerOf(keys.nativeMint);
  cluster.fundFromGenesis(faucet.address, FAUCET_GENESIS_LAMPORTS);
  cluster.installNativeMints();

  const rent = cluster.minimumBalanceForRentExemption(MINT_SIZE);
  const createMint = (mint: KeyPairSigner, decimals: number, programAddress: Address) => [
    getCreateAccountInstruction({ payer: faucet, newAccount: mint, lamports: rent, space: MINT_SIZE, programAddress }),
    getInitializeMint2Instruction({ mint: mint.address, decimals, mintAuthority: faucet.address, freezeAuthority: null }, { programAddress }),
  ];
  await sendInstructions(cluster, faucet, [...createMint(zec, ZEC_MINT_DECIMALS, TOKEN_PROGRAM), ...createMint(native, NATIVE_MINT_DECIMALS, TOKEN_2022_PROGRAM)]);

  return {
    version: 1,
    cluster: { kind: 'sandbox', rpcUrl: null, wsUrl: null },
    programs: { ...SANDBOX_PROGRAMS },
    mints: {
      zec: { address: zec.address, decimals: ZEC_MINT_DECIMALS, tokenProgram: TOKEN_PROGRAM },
      native: { address: native.address, decimals: NATIVE_MINT_DECIMALS, tokenProgram: TOKEN_2022_PROGRAM },
      wsol: { address: WSOL_MINT, decimals: 9, tokenProgram: TOKEN_PROGRAM },
    },
    accounts: { faucetAuthority: faucet.address },
  };
}
