import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_SCALE } from '../../core/math/split.js';
import { decodePriceRecord, findPriceRecord, PRICE_ERRORS, setReferenceInstruction } from '../../core/programs/vault/price-record.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { fundedWallet, send } from '../helpers/launchpad.js';
import { customError } from '../helpers/programs.js';
import { vaultOf } from '../helpers/vault.js';

/** The vault's per-mint ZEC rate memory: the admin sets `reference`; nobody else can; zero is refused. */
describe('vault: set_reference (price records)', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
  });
  afterAll(() => sandbox.close());

  const native = () => sandbox.profile.mints.native.address;
  const record = async () => decodePriceRecord(sandbox.cluster.getAccount(await findPriceRecord(vaultOf(sandbox), native()))!.data);
  const set = (admin = sandbox.serviceAuthority.address, reference = 3n * RATE_SCALE) => setReferenceInstruction({ vault: vaultOf(sandbox), admin, mint: native(), reference });

  it('creates the record, then updates the reference in place, keeping realised and stamping the slot', async () => {
    const admin = sandbox.serviceAuthority;
    expect((await send(sandbox, admin, [await set()])).err).toBeNull();
    const first = await record();
    expect(first).toEqual({ mint: native(), reference: 3n * RATE_SCALE, realised: 0n, updatedSlot: expect.any(BigInt) });
    expect((await send(sandbox, admin, [await set(admin.address, 2_500_000_000_000n)])).err).toBeNull();
    const second = await record();
    expect(second.reference).toBe(2_500_000_000_000n);
    expect(second.realised).toBe(0n);
    expect(second.updatedSlot > first.updatedSlot).toBe(true);
  });

  it('refuses a reference of zero (6217) and anyone but the admin (6218), the record unchanged', async () => {
    const before = await record();
    expect(customError((await send(sandbox, sandbox.serviceAuthority, [await set(undefined, 0n)])).err)).toBe(PRICE_ERRORS.ZeroReference);
    const stranger = await fundedWallet(sandbox);
    expect(customError((await send(sandbox, stranger, [await set(stranger.address)])).err)).toBe(PRICE_ERRORS.NotAdmin);
    expect(await record()).toEqual(before);
  });
});
