import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSecretText } from '../../core/signer/secret-key-text.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { tempDir } from '../helpers/sandbox.js';
import { launchdeskArgs } from '../helpers/child-js.js';

/** Every way a secret key could be written down: base58, hex, base64 and the keypair file's JSON, whole and its 32-byte seed; and its raw bytes. */
function encodingsOf(secret: string): { text: string[]; bytes: Buffer[] } {
  const bytes = Buffer.from(getBase58Encoder().encode(secret));
  const seed = bytes.subarray(0, 32);
  return {
    text: [secret, bytes.toString('hex'), bytes.toString('base64'), bytes.toString('base64url'), JSON.stringify([...bytes]), seed.toString('hex'), seed.toString('base64'), getBase58Decoder().decode(seed), JSON.stringify([...seed])],
    bytes: [bytes, Buffer.from(seed)],
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * A whole desk session on the real headless server (`launchdesk serve`, its own process, the real
 * keychain): wallets created, imported and exported, funded, a swap reviewed, refused once and signed.
 * Afterwards no secret key is in any file of the data dir (the sandbox's state, the SQLite files, the
 * settings) nor in anything the server printed, in any encoding.
 */
describe('no secret at rest or in the logs after a desk session', () => {
  let session: KeychainSession;
  let child: ChildProcess;
  const dataDir = tempDir('launchdesk-secrets-');
  let log = '';
  let base = '';
  let token = '';
  const secrets: string[] = [];
  const desk = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, { method, headers: { 'x-desk-token': token, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    session = await startKeychainSession();
    child = spawn(process.execPath, launchdeskArgs(['serve', '--data', dataDir, '--port', '0', '--rpc-port', '0', '--empty']), { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        const found = /^ {2}desk {7}(http:\/\/127\.0\.0\.1:\d+)\/#token=([A-Za-z0-9_-]{32})$/m.exec(log);
        if (found && /API /.test(log)) {
          base = found[1]!;
          token = found[2]!;
          resolve();
        }
      });
      child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
      child.on('exit', (code) => reject(new Error(`serve exited (${code}):\n${log}`)));
    });
  }, 120_000);
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    session?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a session of wallets, a refused and a signed swap', async () => {
    const created = await desk('POST', '/desk-api/wallets', { label: 'Main' });
    expect(created.status).toBe(200);
    const wallet = created.body['address'] as string;
    const imported = await newSecretText();
    expect((await desk('POST', '/desk-api/wallets/import', { label: 'Imported', secret: imported })).status).toBe(200);
    const exported = await desk('POST', `/desk-api/wallets/${wallet}/export`, { confirmation: 'anyone with this key owns this wallet' });
    secrets.push(exported.body['secret'] as string, imported);
    expect((await desk('POST', '/desk-api/wallets/import', { label: 'Broken', secret: `${imported.slice(0, -3)}0OI` })).status).toBe(400);
    expect((await desk('POST', `/desk-api/wallets/${wallet}/faucet`, { asset: 'SOL', amount: String(5n * 10n ** 9n) })).status).toBe(200);
    const built = await fetch(`${base}/v1/swap/build`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ wallet, direction: 'sol_to_zec', amount: String(10n ** 9n) }) });
    const build = (await built.json()) as { buildId: string; expected: { minZecOut: string } };
    const ticket = { wallet, direction: 'sol_to_zec', amount: String(10n ** 9n), minimum: build.expected.minZecOut };
    expect((await desk('POST', '/desk-api/sign/swap', { buildId: build.buildId, ticket: { ...ticket, minimum: String(BigInt(ticket.minimum) * 2n) } })).status).toBe(422);
    const signed = await desk('POST', '/desk-api/sign/swap', { buildId: build.buildId, ticket });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  }, 60_000);

  it('finds no secret key in any file of the data dir nor in the server\'s output, in any encoding', async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM'); // the sandbox saves its state on the way out: that file is scanned too
    await exited;
    const files = filesUnder(dataDir);
    expect(files.some((f) => f.endsWith('wallets.json'))).toBe(true);
    expect(files.some((f) => f.endsWith('state.snapshot'))).toBe(true);
    expect(secrets).toHaveLength(2);
    for (const secret of secrets) {
      const { text, bytes } = encodingsOf(secret);
      for (const encoded of text) expect(log.includes(encoded), 'the server printed a secret').toBe(false);
      for (const file of files) {
        const content = readFileSync(file);
        const latin = content.toString('latin1');
        for (const encoded of text) expect(latin.includes(encoded), `${file} holds a secret (as text)`).toBe(false);
        for (const raw of bytes) expect(content.includes(raw), `${file} holds a secret (as bytes)`).toBe(false);
      }
    }
  }, 60_000);
});
