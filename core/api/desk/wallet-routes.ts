import { lamports, type Address } from '@solana/kit';
import { DeskError, isDeskError } from '../../errors.js';
import { EXPORT_CONFIRMATION, type WalletList } from '../../signer/wallet-book.js';
import { ConfirmBody, CreateWalletBody, FaucetBody, ImportWalletBody, KeychainStatusSchema, RenameWalletBody, WalletEntrySchema, WalletListSchema, WalletParams } from '../schemas/desk.js';
import { Type } from 'typebox';
import { ERROR_RESPONSES } from '../routes/query.js';
import type { Api, ApiContext } from '../server.js';
import type { DeskSigning } from './desk-signing.js';

const listOf = (desk: DeskSigning, list: WalletList = desk.wallets.list()) => ({ wallets: [...list.wallets], active: list.active, faucet: desk.faucet !== null, exportConfirmation: EXPORT_CONFIRMATION });
const HIDE = { hide: true };
const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/**
 * The desk's wallets (/desk-api/wallets): list, create, import, rename, make active, remove after the
 * label is typed, and export after the person typed what exporting means. Keys stay in the OS keychain;
 * only an export answers a secret, and only to the desk with this run's token.
 */
export function registerWalletRoutes(app: Api, ctx: ApiContext, desk: DeskSigning): void {
  app.get('/desk-api/keychain', { schema: { ...HIDE, response: { 200: KeychainStatusSchema, ...ERROR_RESPONSES } } }, async () => desk.wallets.keychainStatus());
  app.get('/desk-api/wallets', { schema: { ...HIDE, response: { 200: WalletListSchema, ...ERROR_RESPONSES } } }, async () => listOf(desk));
  app.post('/desk-api/wallets', { schema: { ...HIDE, body: CreateWalletBody, response: { 200: WalletEntrySchema, ...ERROR_RESPONSES } } }, async (request) => desk.wallets.create(request.body.label));
  app.post('/desk-api/wallets/import', { schema: { ...HIDE, body: ImportWalletBody, response: { 200: WalletEntrySchema, ...ERROR_RESPONSES } } }, async (request) =>
    desk.wallets.import(request.body.label, request.body.secret),
  );
  app.patch('/desk-api/wallets/:address', { schema: { ...HIDE, params: WalletParams, body: RenameWalletBody, response: { 200: WalletEntrySchema, ...ERROR_RESPONSES } } }, async (request) =>
    desk.wallets.rename(request.params.address, request.body.label),
  );
  app.post('/desk-api/wallets/:address/active', { schema: { ...HIDE, params: WalletParams, response: { 200: WalletListSchema, ...ERROR_RESPONSES } } }, async (request) =>
    listOf(desk, await desk.wallets.setActive(request.params.address)),
  );
  app.post('/desk-api/wallets/:address/remove', { schema: { ...HIDE, params: WalletParams, body: ConfirmBody, response: { 200: WalletListSchema, ...ERROR_RESPONSES } } }, async (request) =>
    {
      const list = await desk.wallets.remove(request.params.address, request.body.confirmation);
      // Its presets and policy go with it (the journal stays: what was signed remains on record).
      await desk.trading.forget(request.params.address as Address);
      return listOf(desk, list);
    },
  );
  app.post(
    '/desk-api/wallets/:address/export',
    { schema: { ...HIDE, params: WalletParams, body: ConfirmBody, response: { 200: Type.Object({ address: Type.String(), secret: Type.String() }), ...ERROR_RESPONSES } } },
    async (request, reply) => {
      const secret = await desk.wallets.export(request.params.address, request.body.confirmation);
      void reply.header('cache-control', 'no-store');
      return { address: request.params.address, secret };
    },
  );
  app.post('/desk-api/wallets/:address/faucet', { schema: { ...HIDE, params: WalletParams, body: FaucetBody, response: { 200: Type.Object({ signature: Type.String() }), ...ERROR_RESPONSES } } }, async (request) => {
    const faucet = desk.faucet;
    if (!faucet) throw new DeskError('not_found', 'the faucet is the sandbox\'s: this desk runs on another cluster');
    // The address is 32 bytes already (field-bounds.ts, before every desk route).
    const wallet = request.params.address as Address;
    const amount = BigInt(request.body.amount);
    const asset = request.body.asset;
    const limits = { SOL: 1000n * 10n ** 9n, ZEC: 1000n * 10n ** 8n, native: 10n ** 12n } as const;
    if (amount === 0n || amount > limits[asset]) throw new DeskError('invalid_param', `amount: the faucet gives from 1 base unit to ${limits[asset]} base units of ${asset} at a time`);
    const problem = faucet.problem(wallet, asset, amount);
    if (problem !== null) throw new DeskError('refused', problem);
    // A wallet's account is the System Program's (or not made yet); a sysvar, a mint, a token account or a program's own account is not one.
    const account = await ctx.chain.getAccount(wallet);
    if (account !== null && account.owner !== SYSTEM_PROGRAM) {
      throw new DeskError('refused', `${wallet} is not a wallet: its account belongs to the program ${account.owner} (a sysvar, a mint, a token account or a program's own account); the faucet gives to wallets`);
    }
    try {
      const signature = asset === 'SOL' ? await faucet.sol(wallet, lamports(amount)) : asset === 'ZEC' ? await faucet.zec(wallet, amount as never) : await faucet.native(wallet, amount as never);
      return { signature };
    } catch (error) {
      if (isDeskError(error)) throw error;
      // The sandbox refused the faucet's own transaction: say so with its words, never as an outage.
      const words = error instanceof Error ? error.message.split('\n')[0]! : 'it did not land';
      throw new DeskError('refused', `the faucet's transaction for ${wallet} did not land: ${words.replace(/^sandbox transaction failed: /, '')}`);
    }
  });
}
