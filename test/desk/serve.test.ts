import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/sandbox.js';
import { launchdeskArgs } from '../helpers/child-js.js';

/** `launchdesk serve` (what `npm start` falls back to without Electron) prints the desk's URL, and the desk answers there. */
describe('the headless server prints the desk', () => {
  const dataDir = tempDir('launchdesk-serve-');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints the desk URL next to the API, and that URL serves the desk', async () => {
    const child = spawn(process.execPath, launchdeskArgs(['serve', '--data', dataDir, '--port', '0', '--rpc-port', '0']), { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      const desk = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const url = /^ {2}desk {7}(http:\/\/127\.0\.0\.1:\d+\/)#token=[A-Za-z0-9_-]{32}$/m.exec(out)?.[1];
          if (url && /API /.test(out)) resolve(url);
        });
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('exit', (code) => reject(new Error(`serve exited (${code}) before printing the desk:\n${out}`)));
      });
      expect(out).toContain(`  API        ${desk}v1   (reference: ${desk}v1/docs)`);
      const page = await fetch(desk);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toMatch(/<meta name="launchdesk-session" content="[A-Za-z0-9_-]{32}">/);
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
      expect((await fetch(new URL(script, desk))).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
  }, 120_000);
});
