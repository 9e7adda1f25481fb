import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

/**
 * Vitest's global setup: the desk tests drive the built desk (dist/desk) as the server serves it, so it
 * is built here when missing or older than its sources, once per run, before any test file starts (two
 * test files building it at once would race). An up-to-date build costs one directory walk.
 */
const SOURCES = ['renderer', 'core/math', 'core/stocks', 'core/types', 'core/verify', 'core/programs', 'vite.config.ts', 'package.json'];
const BUILT = 'dist/desk/index.html';

function newestChange(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), info.mtimeMs);
}

export default async function setup(): Promise<void> {
  const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
  if (builtAt > Math.max(...SOURCES.map(newestChange))) return;
  await build({ configFile: 'vite.config.ts', logLevel: 'error' });
}
