import { Type } from 'typebox';
import { AddressString, Amount } from './common.js';

/**
 * POST /v1/sandbox/faucet (a local addition, docs/api.md "The sandbox faucet"): play money for a wallet.
 * The route exists only on a server that runs the embedded sandbox; a real cluster never has it.
 */
export const FaucetRequest = Type.Object(
  {
    wallet: AddressString('the wallet to pay'),
    sol: Type.Optional(Amount('lamports, 1 to 1000 SOL')),
    zec: Type.Optional(Amount('zat, 1 to 1000 ZEC')),
    native: Type.Optional(Amount("native-coin base units, 1 to 1000000 whole coins")),
  },
  { additionalProperties: false },
);

const Paid = Type.Union([Type.Object({ amount: Amount('base units paid'), signature: Type.String({ description: 'its transaction' }) }), Type.Null()], { description: 'null when not asked for' });

export const FaucetAnswer = Type.Object({ wallet: Type.String(), sol: Paid, zec: Paid, native: Paid });
