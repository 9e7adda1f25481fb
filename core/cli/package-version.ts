import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `launchdesk --version`: the version in the package.json of the package this file belongs to, found by
 * walking up (it runs from core/cli/ in development, from dist/core/cli/ when built and installed).
 */
export function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const path = join(dir, 'package.json');
    if (existsSync(path)) {
      const json = JSON.parse(readFileSync(path, 'utf8')) as { name?: unknown; version?: unknown };
      if (json.name === 'launchdesk' && typeof json.version === 'string') return json.version;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the package.json of launchdesk');
    dir = parent;
  }
}
