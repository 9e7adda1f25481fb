import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { getCreateAccountInstruction } from '@solana-program/system';
import type { Address, Instruction } from '@solana/kit';
import type { NetworkProfile } from '../../config/profile.js';
import { resourcePath } from '../../config/resources.js';
import { lamportsOf } from '../../math/units.js';
import {
  AUTHORITY_TYPE,
  EXTENSION_LENGTH,
  initializeConfidentialTransferMint,
  initializeDefaultAccountState,
  initializeGroupMemberPointer,
  initializeMetadataPointer,
  initializeMint2,
  initializeMintCloseAuthority,
  initializeMultisig2,
  initializePausable,
  initializePermanentDelegate,
  initializeScaledUiAmount,
  initializeTokenMetadata,
  initializeTransferFeeConfig,
  initializeTransferHook,
  mintSizeWith,
  setAuthority,
  singleAuthority,
  updateMultiplier,
  type Authority,
} from '../../programs/token-2022/instructions.js';
import { EXTENSION } from '../../programs/token-2022/mint.js';
import { MULTISIG_SIZE } from '../../programs/token-2022/multisig.js';
import { decodeProgramData, PROGRAM_DATA_HEADER } from '../../programs/upgradeable-loader.js';
import { STOCKS, type StockListing } from '../../stocks/catalog.js';
import type { IssuerKey, StockHold, StockReview, StockReviewEntry, StockRole } from '../../stocks/review.js';
import { sendInstructions } from '../admin-transaction.js';
import type { SandboxCluster } from '../cluster.js';
import { deployUpgradeable } from '../program-deploy.js';
import { TOKEN_2022_PROGRAM } from '../token-balances.js';
import { signerOf } from './keys.js';
import { issuerOfDecimals, MULTISIG_THRESHOLD, stockIssuer, stockMintSigner, transferAgentAddress, type StockIssuer } from './stock-issuers.js';
import type { GenesisContext } from './genesis-context.js';

/**
 * Genesis step 14: the 44 tokenized stocks as Token-2022 mints with the controls such stocks really carry
 * (scaled UI amount with a scheduled next multiplier, pausable, permanent delegate, metadata pointer and
 * metadata, default account state, mint close authority; on some a transfer hook with no hook program, a
 * zero transfer fee, confidential transfers, a group member pointer), their roles behind the two issuers'
 * keys, and the review of all of it in the profile (what the issuer status compares against).
 */

/** How each stock's controls vary, by its place in the list: every control of the spec occurs somewhere. */
export function stockDesign(index: number) {
  const transferFee = index % 4 === 1;
  return {
    hook: index % 5 === 2,
    transferFee,
    // Token-2022 takes confidential transfers beside a transfer fee only with a confidential fee config too.
    confidential: index % 3 === 0 && !transferFee,
    groupMember: index % 6 === 3,
    freeze: index % 7 !== 6,
    multiplier: ['1', '1', '1.02', '1', '1.5', '1', '1.0041', '1'][index % 8]!,
  };
}

/** Stocks with a normal multiplier step already scheduled (a notice from the start): the next multiplier. */
const SCHEDULED_STEP: Readonly<Record<string, string>> = { nvdax: '1.01', spcx: '1.015' };
/** Stocks the service holds back at first, with the reason (so every closed reason can be seen). */
const FIRST_HOLDS: Readonly<Record<string, StockHold>> = { djt: 'stock-switch-off', qubt: 'stock-switch-off', crclx: 'review' };
const ONE_DAY = 24n * 3600n;

export async function genesisStocks({ cluster, keys, profile }: GenesisContext): Promise<NetworkProfile> {
  if (!profile) throw new Error('genesis step "stocks" needs the mints step first');
  const payer = await signerOf(keys.faucetAuthority);
  const issuers = { x: await stockIssuer(keys, 'x'), m: await stockIssuer(keys, 'm') };
  const reviewKeys: Record<string, IssuerKey> = {};
  const agents: Record<string, Address> = {};
  const memo = new Uint8Array(readFileSync(resourcePath('programs', 'memo.so')));

  for (const issuer of Object.values(issuers)) {
    for (const signer of [issuer.setup, issuer.operations, issuer.pauser, issuer.upgrader, ...issuer.members]) cluster.fundFromGenesis(signer.address, lamportsOf(100_000_000_000n));
    // The multisig: 2 of the 3 members.
    await sendInstructions(cluster, payer, [
      getCreateAccountInstruction({
        payer,
        newAccount: issuer.multisigAccount,
        lamports: cluster.minimumBalanceForRentExemption(BigInt(MULTISIG_SIZE)),
        space: MULTISIG_SIZE,
        programAddress: TOKEN_2022_PROGRAM,
      }),
      initializeMultisig2(issuer.multisigAccount.address, issuer.members.map((m) => m.address), MULTISIG_THRESHOLD),
    ]);
    // The transfer agent: an upgradeable program (its bytes stand in for the issuer's own).
    const deployed = await deployUpgradeable(cluster, issuer.upgrader, memo, issuer.programAccount);
    const data = decodeProgramData(cluster.getAccount(deployed.programData)!)!;
    const agent = await transferAgentAddress(deployed.program);
    agents[issuer.id] = agent;
    reviewKeys[issuer.setup.address] = { kind: 'wallet', label: `${issuer.name}: setup wallet` };
    reviewKeys[issuer.operations.address] = { kind: 'wallet', label: `${issuer.name}: operations wallet` };
    reviewKeys[issuer.pauser.address] = { kind: 'wallet', label: `${issuer.name}: pause wallet` };
    reviewKeys[issuer.multisigAccount.address] = {
      kind: 'multisig',
      label: `${issuer.name}: treasury multisig`,
      threshold: MULTISIG_THRESHOLD,
      members: issuer.members.map((m) => m.address),
    };
    reviewKeys[deployed.program] = {
      kind: 'program',
      label: `${issuer.name}: transfer agent program`,
      programData: deployed.programData,
      upgradeAuthority: data.upgradeAuthority,
      deployedSlot: String(data.slot),
      sha256: createHash('sha256').update(cluster.getAccount(deployed.programData)!.data.subarray(PROGRAM_DATA_HEADER)).digest('hex'),
    };
    reviewKeys[agent] = { kind: 'program-address', label: `${issuer.name}: transfer agent`, program: deployed.program };
  }

  const entries: StockReviewEntry[] = [];
  for (const [index, stock] of STOCKS.entries()) {
    const issuer = issuers[issuerOfDecimals(stock.decimals)];
    entries.push(await createStockMint(cluster, keys, payer, issuer, agents[issuer.id]!, stock, index));
  }
  const review: StockReview = { version: 1, pairs: 'on', keys: reviewKeys, stocks: entries };
  return { ...profile, stocks: review };
}

async function createStockMint(
  cluster: SandboxCluster,
  keys: GenesisContext['keys'],
  payer: Awaited<ReturnType<typeof signerOf>>,
  issuer: StockIssuer,
  transferAgent: Address,
  stock: StockListing,
  index: number,
): Promise<StockReviewEntry> {
  const design = stockDesign(index);
  const mint = await stockMintSigner(keys, stock.key);
  const ops = issuer.operations.address;
  const multisig: Authority = { address: issuer.multisigAccount.address, signers: issuer.members.slice(0, MULTISIG_THRESHOLD) };
  const roles: Partial<Record<StockRole, Address | null>> = {};
  const init: Instruction[] = [];
  const lengths: number[] = [];
  const add = (type: number, instruction: Instruction) => {
    lengths.push(EXTENSION_LENGTH[type]!);
    init.push(instruction);
  };

  // The transfer agent program's address holds one role: the first issuer's permanent delegate, the second's
  // mint close authority (whose permanent delegate is then a plain wallet).
  const closer = issuer.id === 'x' ? multisig.address : transferAgent;
  add(EXTENSION.mintCloseAuthority, initializeMintCloseAuthority(mint.address, closer));
  roles['mint close authority'] = closer;
  const delegate = issuer.id === 'x' ? transferAgent : issuer.operations.address;
  add(EXTENSION.permanentDelegate, initializePermanentDelegate(mint.address, delegate));
  roles['permanent delegate'] = delegate;
  add(EXTENSION.pausable, initializePausable(mint.address, issuer.pauser.address));
  roles['pause authority'] = issuer.pauser.address;
  add(EXTENSION.scaledUiAmount, initializeScaledUiAmount(mint.address, multisig.address, Number(design.multiplier)));
  roles['scaled UI multiplier authority'] = multisig.address;
  add(EXTENSION.metadataPointer, initializeMetadataPointer(mint.address, ops, mint.address));
  roles['metadata pointer authority'] = ops;
  add(EXTENSION.defaultAccountState, initializeDefaultAccountState(mint.address, 'initialized'));
  if (design.transferFee) {
    add(EXTENSION.transferFeeConfig, initializeTransferFeeConfig(mint.address, ops, ops, 0, 0n));
    roles['transfer fee config authority'] = ops;
    roles['withheld withdraw authority'] = ops;
  }
  if (design.hook) {
    add(EXTENSION.transferHook, initializeTransferHook(mint.address, ops, null));
    roles['transfer hook authority'] = ops;
    roles['transfer hook program'] = null;
  }
  if (design.confidential) {
    add(EXTENSION.confidentialTransferMint, initializeConfidentialTransferMint(mint.address, ops, false));
    roles['confidential transfer authority'] = ops;
  }
  if (design.groupMember) {
    add(EXTENSION.groupMemberPointer, initializeGroupMemberPointer(mint.address, ops, null));
    roles['group member pointer authority'] = ops;
  }

  const space = mintSizeWith(lengths);
  const metadata = { name: `${stock.name} (${stock.symbol})`.slice(0, 32), symbol: stock.symbol, uri: '' };
  const metadataSize = 4n + 64n + BigInt(4 + new TextEncoder().encode(metadata.name).length + 4 + metadata.symbol.length + 4 + 4);
  await sendInstructions(cluster, payer, [
    getCreateAccountInstruction({ payer, newAccount: mint, lamports: cluster.minimumBalanceForRentExemption(space + metadataSize), space, programAddress: TOKEN_2022_PROGRAM }),
    ...init,
    initializeMint2(mint.address, stock.decimals, issuer.setup.address, design.freeze ? ops : null),
  ]);
  const setup = singleAuthority(issuer.setup);
  const finish: Instruction[] = [
    initializeTokenMetadata(mint.address, ops, issuer.setup, metadata),
    setAuthority(mint.address, AUTHORITY_TYPE.mintTokens, setup, multisig.address),
  ];
  const next = SCHEDULED_STEP[stock.key];
  if (next !== undefined) finish.push(updateMultiplier(mint.address, multisig, Number(next), cluster.unixTimestamp + ONE_DAY));
  await sendInstructions(cluster, payer, finish);
  roles['mint authority'] = multisig.address;
  roles['freeze authority'] = design.freeze ? ops : null;
  roles['metadata update authority'] = ops;

  return {
    key: stock.key,
    mint: mint.address,
    issuer: issuer.name,
    decimals: stock.decimals,
    roles,
    paused: false,
    defaultAccountState: 'initialized',
    multiplier: design.multiplier,
    confidentialAutoApprove: design.confidential ? false : null,
    hold: FIRST_HOLDS[stock.key] ?? null,
  };
}
