import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address } from '@solana/kit';
import { assertIsNetworkProfile, type NetworkProfile } from '../../core/config/profile.js';
import { commonFundersOf } from '../../core/index/index-rules.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';

/** The sources that fund strangers (no bundle between two wallets they funded): the faucet, and what a profile lists. */
describe('network profile: commonFunders', () => {
  let sandbox: Sandbox;
  let profile: NetworkProfile;
  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    profile = sandbox.profile;
  });
  afterAll(() => sandbox.close());

  const check = (commonFunders: unknown) => () => assertIsNetworkProfile(JSON.parse(JSON.stringify({ ...profile, commonFunders })));
  const exchange = address('5tzFkiKscXHK5ZXCGbXZxdw7gTjjD1mBwuoFbhUvuAi9');

  it('counts the sandbox faucet without naming it, and adds the addresses a profile lists', () => {
    expect(commonFundersOf(profile)).toEqual([sandbox.faucet.address]);
    expect(check([exchange])).not.toThrow();
    expect(commonFundersOf({ ...profile, commonFunders: [exchange] })).toEqual([sandbox.faucet.address, exchange]);
  });

  it.each([
    [exchange, /commonFunders/],
    [['not an address'], /commonFunders\[0\]/],
    [[exchange, 7], /commonFunders\[1\]/],
  ])('refuses %j naming the field', (commonFunders, pattern) => {
    expect(check(commonFunders)).toThrow(pattern);
  });
});
