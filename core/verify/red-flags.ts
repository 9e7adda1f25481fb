import { formatExactUnits } from '../math/decimal-display.js';
import { SOL_DECIMALS } from '../math/units.js';
import type { InstructionWords, ReviewContext } from './instruction-words.js';

/**
 * What drains wallets, found in a transaction's instructions: an authority change (SetAuthority, Assign,
 * a delegate approval), a close of an account that is not the wallet's own emptied one going back to the
 * wallet, SOL or tokens moved to an address the desk does not know, a durable nonce, and any program or
 * instruction the desk cannot read. Each flag names the instruction and says why in words; a transaction
 * with a flag is never signed by the desk.
 */
export interface RedFlag {
  /** 1-based, as the review numbers instructions. */
  readonly instruction: number;
  readonly text: string;
}

export function redFlagsOf(words: readonly InstructionWords[], ctx: ReviewContext): RedFlag[] {
  const flags: RedFlag[] = [];
  const known = (address: string) => address === ctx.wallet || ctx.labels.has(address as never) || ctx.tokenAccounts.has(address as never);
  words.forEach((w, i) => {
    const n = i + 1;
    const flag = (text: string) => flags.push({ instruction: n, text });
    if (w.programName === null) return flag(`instruction ${n} runs ${w.program}, a program the desk does not know: what it does cannot be shown`);
    if (w.kind === null) return flag(`instruction ${n} is an instruction of ${w.programName} the desk cannot read`);
    switch (w.kind) {
      case 'system:assign':
        return flag(`instruction ${n} gives account ${w.accounts[0]?.address ?? '?'} to another program: its owner changes`);
      case 'token:set_authority':
        return flag(`instruction ${n} changes the authority of ${w.accounts[0]?.address ?? '?'}`);
      case 'token:approve':
      case 'token:approve_checked':
        return flag(`instruction ${n} lets ${w.accounts[w.kind === 'token:approve' ? 1 : 2]?.address ?? '?'} spend from your token account`);
      case 'system:advance_nonce':
        return flag(`instruction ${n} uses a durable nonce: the transaction stays valid after its blockhash expires, so it could be sent much later`);
      case 'system:transfer': {
        const to = w.accounts[1]?.address;
        if (to && !known(to)) flag(`instruction ${n} sends ${formatExactUnits(w.amounts['lamports'] ?? 0n, SOL_DECIMALS)} SOL to ${to}, an address the desk does not know`);
        return;
      }
      case 'token:transfer':
      case 'token:transfer_checked': {
        const to = w.accounts[w.kind === 'token:transfer' ? 1 : 2]?.address;
        if (to && !known(to)) flag(`instruction ${n} moves tokens to ${to}, an account the desk does not know`);
        return;
      }
      case 'token:close_account': {
        const closed = w.accounts[0]?.address;
        const to = w.accounts[1]?.address;
        const own = closed !== undefined && ctx.tokenAccounts.get(closed)?.own === true;
        if (!own) flag(`instruction ${n} closes ${closed ?? '?'}, which is not one of your token accounts`);
        else if (to !== ctx.wallet) flag(`instruction ${n} closes your account ${closed} and sends its rent to ${to ?? '?'}, not to your wallet`);
        return;
      }
      default:
        return;
    }
  });
  return flags;
}
