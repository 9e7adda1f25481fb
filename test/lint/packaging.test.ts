import { readdirSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDeskDir } from '../../core/api/desk-site.js';
import { DESK_OUT_DIR } from '../../vite.config.js';

/**
 * Packaged, the app reads its resources from Electron's resources folder (LAUNCHDESK_RESOURCES, see
 * core/config/resources.ts), which holds only what electron-builder.yml's extraResources copies there:
 * every folder of resources/ must be copied, or the packaged app fails where the dev build works.
 */
describe('packaging', () => {
  it('copies every resources/ folder into the packaged app', () => {
    const yml = readFileSync('electron-builder.yml', 'utf8');
    const copied = [...yml.matchAll(/- from: resources\/(\S+)\n\s+to: (\S+)/g)].map((m) => [m[1], m[2]]);
    const folders = readdirSync('resources', { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    expect(copied.map(([from]) => from).sort()).toEqual(folders);
    for (const [from, to] of copied) expect(to).toBe(from); // same relative path as in development
  });

  it('builds the desk into dist/, which the app packages, where the server looks for it', () => {
    expect(relative(process.cwd(), DESK_OUT_DIR)).toBe('dist/desk');
    expect(defaultDeskDir()).toBe(resolve('dist/desk'));
    const files = /^files:\n((?:\s+- .*\n)+)/m.exec(readFileSync('electron-builder.yml', 'utf8'))![1]!;
    expect(files).toContain('- dist/**/*');
  });
});
