import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { relativeImportsOf } from '../../packages/client/build/import-graph.mjs';

const ROOT = process.cwd();

/**
 * Every .ts file of core/ (tests aside) and the core/ files it imports or re-exports from, type-only and dynamic
 * imports included, read as the client package's build reads them (packages/client/build/import-graph.mjs).
 */
function importGraph(): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== '__tests__') walk(path);
      } else if (path.endsWith('.ts') && !path.endsWith('.d.ts')) files.push(path);
    }
  };
  walk(join(ROOT, 'core'));
  const known = new Set(files);
  return new Map(files.map((file) => [relative(ROOT, file), relativeImportsOf(file).filter((t) => known.has(t)).map((t) => relative(ROOT, t))]));
}

/** The graph's circles: its strongly connected parts of more than one file (Tarjan), each sorted. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/**
 * Import circles in core/: a newcomer should see the layers, and a circle hides them. The index store's parts
 * import their rows from one module below them all (core/index/store/index-rows.ts), the genesis steps their
 * context from genesis-context.ts, and the API's routes their context from core/api/api-context.ts and what
 * they share from core/api/route-kit (a route imports no other route, nor the server: eslint.config.js).
 * There is no circle anywhere in core/.
 */
describe('import circles in core/', () => {
  const found = circles(importGraph());

  it('has none', () => {
    expect(found).toEqual([]);
  });
});
