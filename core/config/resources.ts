import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the app's resources (built programs, fixtures) are: LAUNCHDESK_RESOURCES when set (a packaged
 * Electron app points it at its resources folder), otherwise the `resources/` of the package this file
 * belongs to, found by walking up (it runs from core/ in development and from dist/core/ when built).
 */
export function resourcesDir(): string {
  const fromEnv = process.env['LAUNCHDESK_RESOURCES'];
  if (fromEnv) return fromEnv;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'resources'))) return join(dir, 'resources');
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the resources/ folder; set LAUNCHDESK_RESOURCES');
    dir = parent;
  }
}

export function resourcePath(...parts: string[]): string {
  return join(resourcesDir(), ...parts);
}
