import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildAll, OUTPUT_DIR, programNames, readManifest } from '../../programs/build/build.js';

/** The committed program binaries are exactly what the sources build to (users get them without a compiler). */
describe('on-chain program build', () => {
  it('rebuilds every program to the hashes in the manifest and on disk', () => {
    const { builds, manifest } = buildAll();
    const committed = readManifest();
    expect(Object.keys(committed.programs).sort()).toEqual(programNames());
    expect(committed.compiler).toBe(manifest.compiler);
    for (const build of builds) {
      expect(committed.programs[build.name]?.sha256, build.name).toBe(build.sha256);
      const onDisk = createHash('sha256').update(readFileSync(join(OUTPUT_DIR, `${build.name}.so`))).digest('hex');
      expect(onDisk, `${build.name}.so on disk`).toBe(build.sha256);
    }
  });
});

describe('a machine without the compiler', () => {
  it('is told what to install, not shown a spawn error', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'programs/build/build.ts', '--check'], {
      env: { ...process.env, LAUNCHDESK_CLANG: 'clang-19-not-installed-here' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'clang-19-not-installed-here was not found: the on-chain programs are compiled with Debian\'s clang-19. Install it with `apt-get install clang-19` (or `sudo bash .ci/setup-machine` for everything the tests need), or point LAUNCHDESK_CLANG at a clang 19',
    );
  });
});
