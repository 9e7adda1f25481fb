import { spawn } from 'node:child_process';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The test's child processes (the CLI, the kill -9 children) run as plain JS compiled once per run by
 * vitest's global setup (test/child-js-build.ts), not through tsx: tsx's loader roughly doubles a
 * child's start-up (~1–3 s per spawn on a busy 2-core machine), and the CLI tests spawn dozens.
 * The tree mirrors the repository inside node_modules/.cache, so a compiled file finds package.json,
 * resources/, dist/desk and node_modules by walking up, as the sources and dist/core do. Files are .mjs
 * (ESM whatever package.json lies nearer); their relative imports are rewritten to match.
 */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CHILD_JS_DIR = join(ROOT, 'node_modules', '.cache', 'launchdesk-child-js');

/** The compiled JS of a TypeScript source of core/ or test/ (a path from the repository root, or absolute). */
export function childJs(source: string): string {
  const fromRoot = relative(ROOT, isAbsolute(source) ? source : resolve(ROOT, source));
  if (fromRoot.startsWith('..') || !fromRoot.endsWith('.ts')) throw new Error(`not a TypeScript source of this repository: ${source}`);
  return join(CHILD_JS_DIR, fromRoot.replace(/\.ts$/, '.mjs'));
}

/** `node <the compiled CLI> …args`: the arguments to spawn process.execPath with to run `launchdesk …args`. */
export const launchdeskArgs = (args: readonly string[]): string[] => [childJs('core/cli.ts'), ...args];

export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `launchdesk …args` to its end without blocking this process, so that independent calls can run
 * side by side (spawnSync would hold the test's event loop, and its server, until the child is done).
 */
export function launchdesk(args: readonly string[], options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, launchdeskArgs(args), { stdio: ['ignore', 'pipe', 'pipe'], ...(options.env ? { env: options.env } : {}) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`launchdesk ${args.join(' ')} did not finish: ${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.once('error', reject);
    child.once('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
