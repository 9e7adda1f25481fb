import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Runs every benchmark in bench/ one after another (`npm run bench`), or only those named on the
 * command line (`npm run bench -- transfers`). A benchmark is a module here exporting `run()` and,
 * optionally, a `title` for its header. `--summary` runs the benches that record rows of the performance
 * table (bench/lib/summary.ts) with their own output silenced, and prints only that table.
 */

interface BenchModule {
  readonly title?: string;
  run(): Promise<void>;
}

const dir = fileURLToPath(new URL('.', import.meta.url));
const available = readdirSync(dir)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && file !== basename(fileURLToPath(import.meta.url)))
  .map((file) => file.slice(0, -'.ts'.length))
  .sort();

const args = process.argv.slice(2);
const summaryOnly = args.includes('--summary');
/**
 * The benches that record rows of the performance table (the others print only their own tables).
 * `sandbox-scale` records two more, but its first run builds a million transactions (an hour or more on a
 * busy machine): it runs when named (`npm run bench -- --summary sandbox-scale`).
 */
const SUMMARY_BENCHES = ['api-reads', 'index-ingest', 'launchpad', 'amm', 'builds', 'transfers'];
/**
 * Benches run only when named: index-scale builds an index of 1M coins and 20M trades the first time
 * (hours on a small machine; cached after), so neither a plain run nor --summary starts it unasked. It
 * records its rows of the table when named (`npm run bench -- --summary index-scale`). hosted (the hosted /v1
 * on PostgreSQL) reads and ships the same index: `npm run bench -- --summary hosted`.
 */
const BY_NAME_ONLY = ['index-scale', 'hosted'];
const wanted = args.filter((a) => a !== '--summary');
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}
const selected = wanted.length > 0 ? available.filter((name) => wanted.includes(name)) : summaryOnly ? available.filter((name) => SUMMARY_BENCHES.includes(name)) : available.filter((name) => !BY_NAME_ONLY.includes(name));
const { summaryTable, summaryRows } = await import('./lib/summary.js');
// In summary mode each bench's own lines go nowhere; progress goes to stderr, the table to stdout.
const print = console.log;
if (summaryOnly) console.log = () => undefined;

let failed = 0;
for (const name of selected) {
  const module = (await import(pathToFileURL(join(dir, `${name}.ts`)).href)) as Partial<BenchModule>;
  const header = `== ${name}${module.title ? `: ${module.title}` : ''} ==`;
  console.log(`\n${header}`);
  if (summaryOnly) process.stderr.write(`running ${name}…\n`);
  if (typeof module.run !== 'function') {
    console.error(`bench/${name}.ts exports no run()`);
    failed++;
    continue;
  }
  const start = performance.now();
  try {
    await module.run();
    console.log(`(${name} took ${((performance.now() - start) / 1000).toFixed(1)} s)`);
  } catch (error) {
    console.error(`${name} FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    failed++;
  }
}
if (summaryOnly) {
  console.log = print;
  console.log(summaryRows().length > 0 ? summaryTable() : 'no bench recorded a row of the performance table');
} else if (summaryRows().length > 0) {
  console.log(`\n== performance table ==\n${summaryTable()}`);
}
if (failed > 0) process.exitCode = 1;
