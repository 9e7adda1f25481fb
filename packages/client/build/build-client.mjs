import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { graphProblems, importGraph, isServerOnly } from './import-graph.mjs';

/**
 * Builds @launchdesk/client from the repository's core/client:
 * - dist/index.js: core/client/index.ts and what it runs, @solana/kit and the Solana program clients
 *   bundled in (kit installs ~31 MB of per-platform builds; the part the client runs is ~0.5 MB), `ws`
 *   left to npm;
 * - dist/types/: tsc's declarations of the same files (they name @solana/kit's types: an optional peer);
 * - resources/moderation/refused-words.txt: the listing rules' refused words, which the check of a
 *   planting reads at run time;
 * - dist/THIRD_PARTY_LICENSES.txt: the bundled packages and their licences.
 * Stops when the client reaches anything of the server (SERVER_ONLY), in its sources, its declarations
 * or its bundle.
 */
const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(PACKAGE, '../..');
const DIST = join(PACKAGE, 'dist');
const ENTRY = join(ROOT, 'core/client/index.ts');
const require = createRequire(import.meta.url);

function stop(what, problems) {
  if (problems.length === 0) return;
  console.error(`@launchdesk/client: ${what}:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

rmSync(DIST, { recursive: true, force: true });
rmSync(join(PACKAGE, 'resources'), { recursive: true, force: true });

// 1. The sources: what core/client/index.ts reaches, type imports included.
const sources = importGraph(ENTRY);
stop('its sources reach', graphProblems(sources, ['@solana/kit', '@solana-program/token', '@solana-program/system', '@solana-program/compute-budget', 'ws'], ROOT));

// 2. The declarations.
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(PACKAGE, 'tsconfig.json')], { stdio: 'inherit' });
const declarations = importGraph(join(DIST, 'types/client/index.d.ts'));
stop('its declarations reach', graphProblems(declarations, ['@solana/kit', 'ws', 'node'], ROOT));
// tsc declares every file the sources reach; the public types need fewer of them.
const declared = new Set(declarations.files);
for (const file of readdirSync(join(DIST, 'types'), { recursive: true })) {
  const path = join(DIST, 'types', file);
  if (path.endsWith('.d.ts') && !declared.has(path)) rmSync(path);
}

// 3. The bundle.
const bundle = await build({
  absWorkingDir: ROOT,
  entryPoints: [ENTRY],
  outfile: join(DIST, 'index.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['ws'],
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
  banner: { js: '// @launchdesk/client: core/client of launchdesk with @solana/kit bundled in (licences: THIRD_PARTY_LICENSES.txt).' },
});
const bundled = new Map();
for (const input of Object.keys(bundle.metafile.inputs)) {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) continue;
  const rest = input.slice(at + 'node_modules/'.length).split('/');
  const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  bundled.set(name, input.slice(0, at) + `node_modules/${name}`);
}
stop('its bundle holds', [...bundled.keys()].filter(isServerOnly).map((name) => `${name} (server only)`));
stop('its bundle imports', graphProblems(importGraph(join(DIST, 'index.js')), ['ws'], ROOT));

// 4. Licences of what is bundled.
const notices = [];
const texts = new Map();
for (const [name, dir] of [...bundled].sort()) {
  const manifest = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
  notices.push(`${name}@${manifest.version} (${manifest.license})`);
  for (const file of ['LICENSE', 'LICENSE.md', 'license']) {
    try {
      const text = readFileSync(join(ROOT, dir, file), 'utf8').trim();
      texts.set(text, [...(texts.get(text) ?? []), name]);
      break;
    } catch {
      // no licence file under this name
    }
  }
}
writeFileSync(
  join(DIST, 'THIRD_PARTY_LICENSES.txt'),
  [`dist/index.js bundles these packages:\n\n${notices.join('\n')}\n`, ...[...texts].map(([text, names]) => `\n---- ${names.join(', ')}\n\n${text}\n`)].join(''),
);

// 5. What runs read from resources/.
mkdirSync(join(PACKAGE, 'resources/moderation'), { recursive: true });
cpSync(join(ROOT, 'resources/moderation/refused-words.txt'), join(PACKAGE, 'resources/moderation/refused-words.txt'));

const kb = (file) => `${Math.round(statSync(file).size / 1024)} kB`;
console.log(
  `@launchdesk/client built: dist/index.js ${kb(join(DIST, 'index.js'))} (${relative(ROOT, ENTRY)} and ${sources.files.length - 1} more files, ${bundled.size} packages bundled), ${declarations.files.length} declaration files`,
);
