import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertIsNetworkProfile, type NetworkProfile } from '../../core/config/profile.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';

/** A real cluster's pinning service is configuration in its network profile, checked when the profile is read. */
describe('network profile: pinning', () => {
  let sandbox: Sandbox;
  let profile: NetworkProfile;
  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    profile = sandbox.profile;
  });
  afterAll(() => sandbox.close());

  const check = (pinning: unknown) => () => assertIsNetworkProfile(JSON.parse(JSON.stringify({ ...profile, pinning })));

  it('takes an http(s) Kubo RPC URL with an optional Authorization value; the sandbox has none', () => {
    expect(profile.pinning).toBeUndefined();
    expect(check({ url: 'https://pin.example.com:5001', authorization: 'Bearer abc' })).not.toThrow();
    expect(check({ url: 'http://127.0.0.1:5001' })).not.toThrow();
  });

  it.each([
    [{ url: 'ftp://pin.example.com' }, /pinning\.url/],
    [{}, /pinning\.url/],
    ['https://pin.example.com', /pinning\.url/],
    [{ url: 'https://pin.example.com', authorization: 42 }, /pinning\.authorization/],
  ])('refuses %j naming the field', (pinning, pattern) => {
    expect(check(pinning)).toThrow(pattern);
  });
});
