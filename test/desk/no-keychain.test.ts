import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OsKeychain } from '../../core/signer/keychain.js';
import { call, startApi, type ApiFixture } from '../api/api-fixture.js';
import { tempDir } from '../helpers/sandbox.js';
import { openBrowser, type Browser } from './browser.js';

const SHOTS = 'test-results';
const TOKEN = 'desk-token-of-the-no-keychain-test1';

/**
 * The desk on a machine with no OS keychain: the real keyring library, its session bus pointing nowhere (as
 * on a server without a Secret Service). The Wallets page says so on its first render with what to do here,
 * its signing controls are off with that reason, no library text reaches the person, and the server warns
 * once in its log.
 */
describe('the Wallets page without an OS keychain, in Chromium', () => {
  let f: ApiFixture;
  let browser: Browser;
  let busBefore: string | undefined;
  const warnings: string[] = [];
  const page = () => browser.page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    busBefore = process.env['DBUS_SESSION_BUS_ADDRESS'];
    process.env['DBUS_SESSION_BUS_ADDRESS'] = `unix:path=${tempDir('launchdesk-no-bus-')}/bus`;
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(' ')));
    f = await startApi({ desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN } });
    browser = await openBrowser(1280, 800);
  }, 120_000);
  afterEach(() => browser?.assertNoProblems());
  afterAll(async () => {
    vi.restoreAllMocks();
    if (busBefore === undefined) delete process.env['DBUS_SESSION_BUS_ADDRESS'];
    else process.env['DBUS_SESSION_BUS_ADDRESS'] = busBefore;
    await browser?.close();
    await f?.close();
  });

  it('says so on its first render, with what to do on this system, and signing controls are off with that reason', async () => {
    await page().goto(`${f.base}/wallets#token=${TOKEN}`);
    const notice = page().getByRole('alert', { name: 'No OS keychain' });
    await notice.waitFor();
    const words = (await notice.textContent())!;
    expect(words).toContain('No OS keychain answers on this system, so wallets cannot be created, imported, exported or used to sign');
    expect(words).toContain('To fix it, run launchdesk inside a desktop session with a Secret Service'); // this is Linux
    expect(words).toContain('gnome-keyring-daemon --unlock');
    expect(await page().getByText('No wallet yet').count()).toBe(0); // nothing invites what cannot work
    await page().getByRole('textbox', { name: "New wallet's name" }).fill('Trading');
    const create = page().getByRole('button', { name: 'Create' });
    expect(await create.isDisabled()).toBe(true);
    expect(await create.getAttribute('title')).toContain('No OS keychain answers on this system');
    expect(await page().getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
    expect(await page().locator('body').textContent()).not.toMatch(/platform storage/i);
    await page().screenshot({ path: `${SHOTS}/desk-wallets-no-keychain-1280x800.png` });
  });

  it('refuses a wallet in words a person can act on (never the library\'s), and the server warned once', async () => {
    const answer = await call(f, 'POST', '/desk-api/wallets', { headers: { 'x-desk-token': TOKEN }, body: { label: 'Trading' } });
    expect(answer.status).toBe(503);
    const message = (answer.body['error'] as { message: string }).message;
    expect(message).toContain('the OS keychain could not store the key: it is locked, missing or refused the request; nothing was changed. To fix it, run launchdesk inside a desktop session');
    expect(message).not.toMatch(/platform storage|AccessDenied|NoStorageAccess/i);
    // Opened again: the page says it again, the log does not.
    await page().reload();
    await page().getByRole('alert', { name: 'No OS keychain' }).waitFor();
    expect(warnings.filter((line) => line.includes('No OS keychain'))).toHaveLength(1);
  });
});
