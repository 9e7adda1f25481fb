import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { transformWithOxc } from 'vite';
import { childJs, ROOT } from './helpers/child-js.js';

/**
 * Vitest's global setup: compiles core/ and the non-test files of test/ to JS once per run, before any test
 * file starts, for the child processes the tests spawn (test/helpers/child-js.ts says why). Types are only
 * stripped (the project's tsconfig has isolatedModules and verbatimModuleSyntax, so each file compiles
 * alone; typecheck is `tsc --noEmit`'s job). A file is compiled again only when its source is newer.
 */
const TREES = ['core', 'test'];

function sourcesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' || entry.name === 'fixtures' ? [] : sourcesIn(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Relative imports name the .mjs files. */
const RELATIVE_JS = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.{1,2}\/[^"'\n]*?)\.js\2/g;

async function compile(source: string, out: string): Promise<void> {
  const { code } = await transformWithOxc(readFileSync(source, 'utf8'), source, { lang: 'ts', target: 'es2023' });
  mkdirSync(dirname(out), { recursive: true });
  const partial = `${out}.${process.pid}.tmp`;
  writeFileSync(partial, code.replace(RELATIVE_JS, '$1$2$3.mjs$2'));
  renameSync(partial, out);
}

export default async function setup(): Promise<void> {
  const stale = TREES.flatMap((tree) => sourcesIn(join(ROOT, tree))).filter((source) => {
    const out = childJs(source);
    return !existsSync(out) || statSync(out).mtimeMs < statSync(source).mtimeMs;
  });
  await Promise.all(stale.map((source) => compile(source, childJs(source))));
}
