import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IndexStore } from '../../core/index/store/index-store.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { tempDir } from '../helpers/sandbox.js';

const mode = (path: string) => statSync(path).mode & 0o777;

/** Every directory and file under `dir` with its mode, as `relative path: octal`. */
function modes(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    out[`${prefix}${name}${stat.isDirectory() ? '/' : ''}`] = (stat.mode & 0o777).toString(8);
    if (stat.isDirectory()) Object.assign(out, modes(path, `${prefix}${name}/`));
  }
  return out;
}

/**
 * The data directory holds the index, the builds, the wallets' list, the key store and the orders: only its
 * owner may read it. A new one is made 700 with files 600 (and every file the process makes later too, SQLite's
 * journals included); an existing one made 755/644 by an older version is made private when it is opened.
 */
describe('the data directory is private to its owner', () => {
  const root = tempDir('launchdesk-private-');
  const opened: Sandbox[] = [];
  afterAll(() => {
    for (const s of opened) s.close();
  });

  it('makes a new data directory 700 and every file in it 600, also those made after it opened', async () => {
    const dir = join(root, 'new', 'data');
    const sandbox = await Sandbox.open({ dataDir: dir, slotMs: 0, market: { state: 'empty' } });
    opened.push(sandbox);
    const index = IndexStore.open(join(dir, 'index.sqlite'));
    index.close();
    expect(mode(dir)).toBe(0o700);
    const all = modes(dir);
    expect(Object.keys(all)).toEqual(expect.arrayContaining(['profile.json', 'sandbox.lock', 'index.sqlite']));
    for (const [path, m] of Object.entries(all)) expect(`${path} ${m}`).toBe(`${path} ${path.endsWith('/') ? '700' : '600'}`);
  });

  it('makes an existing 755/644 data directory private when it is opened', async () => {
    const dir = join(root, 'old');
    mkdirSync(join(dir, 'content'), { recursive: true });
    writeFileSync(join(dir, 'wallets.json'), '{"version":1,"wallets":[],"active":null}');
    writeFileSync(join(dir, 'content', 'bafyimage'), 'image bytes');
    for (const path of [dir, join(dir, 'content')]) chmodSync(path, 0o755);
    for (const path of [join(dir, 'wallets.json'), join(dir, 'content', 'bafyimage')]) chmodSync(path, 0o644);
    const sandbox = await Sandbox.open({ dataDir: dir, slotMs: 0, market: { state: 'empty' } });
    opened.push(sandbox);
    expect(mode(dir)).toBe(0o700);
    expect(modes(dir)).toMatchObject({ 'content/': '700', 'content/bafyimage': '600', 'wallets.json': '600', 'profile.json': '600' });
  });
});
