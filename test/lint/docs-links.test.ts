import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RATE_GROUPS } from '../../core/api/rate-limit.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** The README and docs/ stand alone in a fresh clone: nothing they point at lies outside the repository. */
describe('the project docs', () => {
  it.each(DOCS)('%s links only to files in the repository, and every one exists', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    expect(text, 'a path outside the repository').not.toMatch(/\.\.\/shared|\/work\//);
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^(https?:|mailto:|#)/.test(l));
    for (const link of links) {
      const target = resolve(dirname(join(ROOT, file)), link.split('#')[0]!);
      expect(relative(ROOT, target).startsWith('..'), `${link} leaves the repository`).toBe(false);
      expect(existsSync(target), `${link} exists`).toBe(true);
    }
  });

  it('README gives the two commands, the machine set-up and the rate limits', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const needed of ['npm start', 'npm test', '.ci/setup-machine']) expect(readme).toContain(needed);
    // The table is the limits the server enforces (core/api/rate-limit.ts), row by row.
    const rows: [string, keyof typeof RATE_GROUPS][] = [
      ['reads', 'reads'], ['quotes', 'quotes'], ['trade, claim, swap and payee builds', 'builds'], ['relay sends', 'relay'], ['plant uploads', 'uploads'], ['plant builds', 'plants'],
    ];
    for (const [name, group] of rows) {
      const g = RATE_GROUPS[group];
      const per = g.windowSeconds === 60 ? 'min' : 'hour';
      const row = `| ${name} | ${[g.anonymous, g.standard, g.raised].map((n) => `${n.toLocaleString('en-US')} / ${per}`).join(' | ')} |`;
      expect(readme).toContain(row);
      expect(readFileSync(join(ROOT, 'docs/api.md'), 'utf8')).toContain(row);
    }
  });
});
