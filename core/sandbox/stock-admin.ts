import { generateKeyPairSigner, getAddressEncoder, type Address, type Instruction, type KeyPairSigner } from '@solana/kit';
import { getAllocateInstruction } from '@solana-program/system';
import { readFileSync } from 'node:fs';
import { resourcePath } from '../config/resources.js';
import { DeskError } from '../errors.js';
import { isNormalMultiplierStep, multiplierText, parseDecimal } from '../math/multiplier.js';
import {
  AUTHORITY_TYPE,
  closeMint,
  pause,
  resume,
  setAuthority,
  singleAuthority,
  updateConfidentialTransferMint,
  updateDefaultAccountState,
  updateMultiplier,
  updateTokenMetadataAuthority,
  updateTransferHookProgram,
  type Authority,
} from '../programs/token-2022/instructions.js';
import { decodeToken2022Mint, multiplierInForce } from '../programs/token-2022/mint.js';
import { decodeSplMultisig, encodeSplMultisig } from '../programs/token-2022/multisig.js';
import { rolesOfMint } from '../stocks/issuer-compare.js';
import { STOCK_ROLES, type StockHold, type StockReview, type StockRole } from '../stocks/review.js';
import { sendInstructions } from './admin-transaction.js';
import type { SandboxCluster } from './cluster.js';
import type { GenesisKeys } from './genesis/keys.js';
import { issuerOfDecimals, MULTISIG_THRESHOLD, stockIssuer, type StockIssuer } from './genesis/stock-issuers.js';
import { setUpgradeAuthority, upgradeProgram } from './program-deploy.js';

/**
 * The sandbox's stock admin: what an issuer (or the service) can do to a stock, done for real on the
 * sandbox with the issuers' own keys, for tests and demos of the issuer status. Each action answers one
 * plain line saying what it did. The service's switches (pairs off, a stock held back) change the review
 * in the profile; everything else is a transaction on chain (or, for an SPL multisig whose members no
 * instruction can change, the cluster operator's rewrite of that account).
 */

export type StockAdminAction =
  | { readonly action: 'rotate'; readonly role: StockRole; readonly to?: Address }
  | { readonly action: 'pause' }
  | { readonly action: 'resume' }
  | { readonly action: 'multiplier-step'; readonly to?: string; readonly inSeconds?: number }
  | { readonly action: 'multiplier-move'; readonly to: string }
  | { readonly action: 'multisig-threshold'; readonly threshold: number }
  | { readonly action: 'multisig-members' }
  | { readonly action: 'upgrade-program' }
  | { readonly action: 'program-authority' }
  | { readonly action: 'wallet-data' }
  | { readonly action: 'close-mint' }
  | { readonly action: 'auto-approve'; readonly on: boolean }
  | { readonly action: 'default-state'; readonly state: 'initialized' | 'frozen' }
  | { readonly action: 'hold'; readonly reason: StockHold }
  | { readonly action: 'release' }
  | { readonly action: 'pairs'; readonly on: boolean };

export const STOCK_ADMIN_ACTIONS = [
  'rotate',
  'pause',
  'resume',
  'multiplier-step',
  'multiplier-move',
  'multisig-threshold',
  'multisig-members',
  'upgrade-program',
  'program-authority',
  'wallet-data',
  'close-mint',
  'auto-approve',
  'default-state',
  'hold',
  'release',
  'pairs',
] as const;

export interface StockAdminContext {
  readonly cluster: SandboxCluster;
  readonly keys: GenesisKeys;
  readonly payer: KeyPairSigner;
  readonly review: () => StockReview | undefined;
  /** Writes a changed review into the sandbox's profile. */
  readonly saveReview: (review: StockReview) => void;
}

const ROLE_AUTHORITY_TYPE: Partial<Record<StockRole, number>> = {
  'mint authority': AUTHORITY_TYPE.mintTokens,
  'freeze authority': AUTHORITY_TYPE.freezeAccount,
  'pause authority': AUTHORITY_TYPE.pause,
  'scaled UI multiplier authority': AUTHORITY_TYPE.scaledUiAmount,
  'metadata pointer authority': AUTHORITY_TYPE.metadataPointer,
  'transfer hook authority': AUTHORITY_TYPE.transferHookProgramId,
  'confidential transfer authority': AUTHORITY_TYPE.confidentialTransferMint,
  'group member pointer authority': AUTHORITY_TYPE.groupMemberPointer,
  'mint close authority': AUTHORITY_TYPE.closeMint,
  'transfer fee config authority': AUTHORITY_TYPE.transferFeeConfig,
  'withheld withdraw authority': AUTHORITY_TYPE.withheldWithdraw,
  'permanent delegate': AUTHORITY_TYPE.permanentDelegate,
};
const ONE_DAY_SECONDS = 24 * 3600;

function refused(message: string): DeskError {
  return new DeskError('invalid_param', message);
}

/** Runs one admin action on the stock `key` (or, for `pairs`, service-wide); answers what was done. */
export async function stockAdmin(ctx: StockAdminContext, key: string, command: StockAdminAction): Promise<string> {
  const review = ctx.review();
  if (!review) throw refused('this sandbox has no stocks (its genesis predates them)');
  if (command.action === 'pairs') {
    ctx.saveReview({ ...review, pairs: command.on ? 'on' : 'off' });
    return `stock pairs are ${command.on ? 'on' : 'off'} service-wide`;
  }
  const entry = review.stocks.find((s) => s.key === key);
  if (!entry) throw refused(`no stock "${key}": the keys are ${review.stocks.map((s) => s.key).join(', ')}`);
  if (command.action === 'hold' || command.action === 'release') {
    const hold = command.action === 'hold' ? command.reason : null;
    ctx.saveReview({ ...review, stocks: review.stocks.map((s) => (s.key === key ? { ...s, hold } : s)) });
    return hold === null ? `${key} is no longer held back` : `${key} is held back (${hold})`;
  }

  const issuer = await stockIssuer(ctx.keys, issuerOfDecimals(entry.decimals));
  const account = ctx.cluster.getAccount(entry.mint);
  const mint = account ? decodeToken2022Mint(account) : null;
  if (!mint) throw refused(`${key}'s mint ${entry.mint} no longer reads as a Token-2022 mint`);
  const holders = rolesOfMint(mint);
  const send = (instructions: Instruction[]) => sendInstructions(ctx.cluster, ctx.payer, instructions);
  const roleAuthority = (role: StockRole): Authority => {
    const holder = holders[role];
    if (holder === undefined) throw refused(`${key}'s mint has no ${role}`);
    if (holder === null) throw refused(`${key}'s ${role} is none: nobody can change it`);
    const authority = authorityOf(issuer, holder);
    if (!authority) throw refused(`${key}'s ${role} is ${holder}, a key the sandbox does not hold (the transfer agent program's address, or a key it was rotated to)`);
    return authority;
  };

  switch (command.action) {
    case 'rotate': {
      if (!STOCK_ROLES.includes(command.role)) throw refused(`no role "${command.role}": the roles are ${STOCK_ROLES.join(', ')}`);
      const next = command.to ?? (await generateKeyPairSigner()).address;
      const authority = roleAuthority(command.role === 'transfer hook program' ? 'transfer hook authority' : command.role);
      if (command.role === 'metadata update authority') {
        const signer = authority.signers[0]! as KeyPairSigner;
        await send([updateTokenMetadataAuthority(entry.mint, signer, next)]);
      } else if (command.role === 'transfer hook program') {
        await send([updateTransferHookProgram(entry.mint, authority, next)]);
      } else {
        await send([setAuthority(entry.mint, ROLE_AUTHORITY_TYPE[command.role]!, authority, next)]);
      }
      return `${key}: ${command.role} is now ${next}`;
    }
    case 'pause':
    case 'resume': {
      const authority = roleAuthority('pause authority');
      await send([(command.action === 'pause' ? pause : resume)(entry.mint, authority)]);
      return `${key}: the issuer ${command.action === 'pause' ? 'paused' : 'resumed'} the token`;
    }
    case 'multiplier-step':
    case 'multiplier-move': {
      const scaled = mint.scaledUiAmount;
      if (!scaled) throw refused(`${key}'s mint has no share multiplier`);
      const now = ctx.cluster.unixTimestamp;
      const current = multiplierText(multiplierInForce(scaled, now));
      const to = command.to ?? stepOf(current);
      parseDecimal(to);
      if (command.action === 'multiplier-step' && !isNormalMultiplierStep(current, to)) throw refused(`${current} → ${to} is not a normal step (one increase of at most 2%); use multiplier-move`);
      const at = command.action === 'multiplier-step' ? now + BigInt(command.inSeconds ?? ONE_DAY_SECONDS) : now;
      await send([updateMultiplier(entry.mint, roleAuthority('scaled UI multiplier authority'), Number(to), at)]);
      return command.action === 'multiplier-step' ? `${key}: multiplier ${current} → ${to} from unix time ${at}` : `${key}: multiplier ${current} → ${to} at once`;
    }
    case 'multisig-threshold':
    case 'multisig-members': {
      const address = issuer.multisigAccount.address;
      const multisig = decodeSplMultisig(ctx.cluster.getAccount(address)!);
      if (!multisig) throw refused(`${address} is no longer a multisig`);
      let next = multisig;
      if (command.action === 'multisig-threshold') {
        if (!Number.isInteger(command.threshold) || command.threshold < 1 || command.threshold > multisig.members.length) throw refused(`a threshold must be 1 to ${multisig.members.length}`);
        next = { ...multisig, threshold: command.threshold };
      } else {
        next = { ...multisig, members: [...multisig.members.slice(0, -1), (await generateKeyPairSigner()).address] };
      }
      // SPL multisigs cannot be changed by any instruction: the operator rewrites the account (see the module comment).
      ctx.cluster.rewriteAccountData(address, encodeSplMultisig(next, (a) => new Uint8Array(getAddressEncoder().encode(a))));
      return command.action === 'multisig-threshold' ? `${issuer.name}'s multisig ${address} now needs ${command.threshold} of ${multisig.members.length}` : `${issuer.name}'s multisig ${address}: its last member replaced`;
    }
    case 'upgrade-program': {
      const elf = new Uint8Array(readFileSync(resourcePath('programs', 'memo.so')));
      await upgradeProgram(ctx.cluster, issuer.upgrader, issuer.programAccount.address, elf);
      return `${issuer.name}'s transfer agent program ${issuer.programAccount.address} redeployed at slot ${ctx.cluster.slot}`;
    }
    case 'program-authority': {
      const next = (await generateKeyPairSigner()).address;
      await setUpgradeAuthority(ctx.cluster, issuer.upgrader, issuer.programAccount.address, next);
      return `${issuer.name}'s transfer agent program's upgrade authority is now ${next}`;
    }
    case 'wallet-data': {
      const wallet = issuer.operations;
      await send([getAllocateInstruction({ newAccount: wallet, space: 64 })]);
      return `${issuer.name}'s operations wallet ${wallet.address} now holds data (no longer a plain wallet)`;
    }
    case 'close-mint': {
      if (mint.supply !== 0n) throw refused(`${key}'s mint has ${mint.supply} units in circulation: only a mint with none can be closed`);
      await send([closeMint(entry.mint, ctx.payer.address, roleAuthority('mint close authority'))]);
      return `${key}: the issuer closed the mint ${entry.mint}`;
    }
    case 'auto-approve': {
      await send([updateConfidentialTransferMint(entry.mint, roleAuthority('confidential transfer authority'), command.on)]);
      return `${key}: confidential transfer auto approve ${command.on ? 'on' : 'off'}`;
    }
    case 'default-state': {
      await send([updateDefaultAccountState(entry.mint, roleAuthority('freeze authority'), command.state)]);
      return `${key}: new accounts start ${command.state}`;
    }
  }
}

/** One normal step: +1%, exactly, in the multiplier's own decimals. */
function stepOf(current: string): string {
  const { digits, scale } = parseDecimal(current);
  const next = digits * 101n;
  const text = next.toString().padStart(scale + 3, '0');
  const whole = text.slice(0, text.length - scale - 2);
  const fraction = text.slice(text.length - scale - 2).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

function authorityOf(issuer: StockIssuer, holder: Address): Authority | null {
  if (holder === issuer.multisigAccount.address) return { address: holder, signers: issuer.members.slice(0, MULTISIG_THRESHOLD) };
  for (const signer of [issuer.setup, issuer.operations, issuer.pauser, issuer.upgrader, ...issuer.members]) {
    if (signer.address === holder) return singleAuthority(signer);
  }
  return null;
}

/**
 * Reads `launchdesk stock <key> <action> [value]` into an action: roles are written with hyphens
 * (`mint-authority`), multipliers as decimals, `on|off`, `frozen|initialized`, `stock-switch-off|review`.
 */
export function readStockAdminWords(action: string, value: string | undefined, flags: { to?: string; inSeconds?: string }): StockAdminAction {
  const need = (what: string): string => {
    if (value === undefined) throw refused(`${action} needs ${what}`);
    return value;
  };
  const onOff = (): boolean => {
    const word = need('on or off');
    if (word !== 'on' && word !== 'off') throw refused(`${action} takes on or off, not "${word}"`);
    return word === 'on';
  };
  const noValue = () => {
    if (value !== undefined) throw refused(`${action} takes no value (got "${value}")`);
  };
  switch (action) {
    case 'rotate': {
      const role = need(`a role: ${STOCK_ROLES.map((r) => r.replaceAll(' ', '-')).join(', ')}`).replaceAll('-', ' ');
      const match = STOCK_ROLES.find((r) => r.toLowerCase() === role.toLowerCase());
      if (!match) throw refused(`no role "${value}": the roles are ${STOCK_ROLES.map((r) => r.replaceAll(' ', '-')).join(', ')}`);
      return { action, role: match, ...(flags.to !== undefined ? { to: flags.to as Address } : {}) };
    }
    case 'multiplier-step': {
      const seconds = flags.inSeconds === undefined ? undefined : Number(flags.inSeconds);
      if (seconds !== undefined && (!Number.isInteger(seconds) || seconds < 1)) throw refused(`--in takes whole seconds, not "${flags.inSeconds}"`);
      if (value !== undefined) parseDecimal(value);
      return { action, ...(value !== undefined ? { to: value } : {}), ...(seconds !== undefined ? { inSeconds: seconds } : {}) };
    }
    case 'multiplier-move':
      parseDecimal(need('the new multiplier (a decimal)'));
      return { action, to: value! };
    case 'multisig-threshold': {
      const threshold = Number(need('the new threshold'));
      if (!Number.isInteger(threshold)) throw refused(`a threshold is a whole number, not "${value}"`);
      return { action, threshold };
    }
    case 'auto-approve':
      return { action, on: onOff() };
    case 'pairs':
      return { action, on: onOff() };
    case 'default-state': {
      const state = need('frozen or initialized');
      if (state !== 'frozen' && state !== 'initialized') throw refused(`default-state takes frozen or initialized, not "${state}"`);
      return { action, state };
    }
    case 'hold': {
      const reason = need('a reason: stock-switch-off or review');
      if (reason !== 'stock-switch-off' && reason !== 'review') throw refused(`hold takes stock-switch-off or review, not "${reason}"`);
      return { action, reason };
    }
    case 'pause':
    case 'resume':
    case 'multisig-members':
    case 'upgrade-program':
    case 'program-authority':
    case 'wallet-data':
    case 'close-mint':
    case 'release':
      noValue();
      return { action };
    default:
      throw refused(`no action "${action}": the actions are ${STOCK_ADMIN_ACTIONS.join(', ')}`);
  }
}
