import type { Address } from '@solana/kit';
import { DeskError } from '../../errors.js';
import { payFromFaucet } from '../faucet-payment.js';
import { EXPORT_CONFIRMATION, type WalletList } from '../../signer/wallet-book.js';
import { ConfirmBody, CreateWalletBody, FaucetBody, ImportWalletBody, KeychainStatusSchema, RenameWalletBody, WalletEntrySchema, WalletListSchema, WalletParams } from '../schemas/desk.js';
import { Type } from 'typebox';
import { ERROR_RESPONSES } from '../route-kit/route-config.js';
import type { Api, ApiContext } from '../api-context.js';
import type { DeskSigning } from './desk-signing.js';

const listOf = (desk: DeskSigning, list: WalletList = desk.wallets.list()) => ({ wallets: [...list.wallets], active: list.active, faucet: desk.faucet !== null, exportConfirmation: EXPORT_CONFIRMATION });
const HIDE = { hide: true };

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
    return { signature: await payFromFaucet(faucet, ctx.chain, request.params.address as Address, request.body.asset, BigInt(request.body.amount)) };
  });
}
