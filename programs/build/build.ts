import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { linkSbfV0 } from './sbf-linker.js';

/**
 * Builds every on-chain program: programs/<name>/<name>.c, compiled by Debian clang-19 for BPF (cpu v2:
 * newer cpus emit 32-bit jumps the SVM refuses) and linked by our SBF v0 linker into
 * resources/programs/<name>.so, with manifest.json holding each file's sha256. The output depends only
 * on the sources and the compiler, so a rebuild must reproduce the committed hashes (`--check`).
 */

const here = dirname(fileURLToPath(import.meta.url));
export const PROGRAMS_DIR = join(here, '..');
export const OUTPUT_DIR = join(here, '..', '..', 'resources', 'programs');
export const CLANG = process.env['LAUNCHDESK_CLANG'] ?? 'clang-19';
export const CLANG_FLAGS = ['-target', 'bpf', '-mcpu=v2', '-O2', '-ffreestanding', '-fno-builtin', '-nostdlib', '-mllvm', '-bpf-stack-size=4096', '-std=c11', '-Wall', '-Werror', '-Wno-unused-function'];

export interface ProgramBuild {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly sha256: string;
  readonly textSize: number;
  readonly syscalls: readonly string[];
}

export interface Manifest {
  readonly compiler: string;
  readonly flags: readonly string[];
  readonly programs: Readonly<Record<string, { readonly file: string; readonly sha256: string; readonly bytes: number }>>;
}

export function programNames(): string[] {
  return readdirSync(PROGRAMS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(PROGRAMS_DIR, d.name, `${d.name}.c`)))
    .map((d) => d.name)
    .sort();
}

/** What to do when the compiler is missing: said once, in the words a new machine needs. */
export const MISSING_COMPILER = `${CLANG} was not found: the on-chain programs are compiled with Debian's clang-19. Install it with \`apt-get install clang-19\` (or \`sudo bash .ci/setup-machine\` for everything the tests need), or point LAUNCHDESK_CLANG at a clang 19`;

/** Runs the compiler; a missing one is named with what to install, never a bare spawn error. */
function clang(args: readonly string[], options: Parameters<typeof execFileSync>[2] = {}): string {
  try {
    return String(execFileSync(CLANG, args, { encoding: 'utf8', ...options }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(MISSING_COMPILER);
    throw error;
  }
}

export function compilerVersion(): string {
  return clang(['--version']).split('\n')[0]!.trim();
}

export function buildProgram(name: string, workDir: string): ProgramBuild {
  const source = join(PROGRAMS_DIR, name, `${name}.c`);
  const object = join(workDir, `${name}.o`);
  // Paths relative to the repo, so that nothing of this machine ends up in the object.
  clang([...CLANG_FLAGS, '-I', relative(process.cwd(), join(PROGRAMS_DIR, 'lib')), '-c', relative(process.cwd(), source), '-o', object], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const linked = linkSbfV0(new Uint8Array(readFileSync(object)));
  return {
    name,
    bytes: linked.bytes,
    sha256: createHash('sha256').update(linked.bytes).digest('hex'),
    textSize: linked.textSize,
    syscalls: linked.syscalls,
  };
}

export function buildAll(): { builds: ProgramBuild[]; manifest: Manifest } {
  const work = mkdtempSync(join(tmpdir(), 'launchdesk-programs-'));
  try {
    const builds = programNames().map((name) => buildProgram(name, work));
    const manifest: Manifest = {
      compiler: compilerVersion(),
      flags: CLANG_FLAGS,
      programs: Object.fromEntries(builds.map((b) => [b.name, { file: `${b.name}.so`, sha256: b.sha256, bytes: b.bytes.length }])),
    };
    return { builds, manifest };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(join(OUTPUT_DIR, 'manifest.json'), 'utf8')) as Manifest;
}

function main(): void {
  const check = process.argv.includes('--check');
  let built: ReturnType<typeof buildAll>;
  try {
    built = buildAll();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  const { builds, manifest } = built;
  if (check) {
    const committed = readManifest();
    const problems: string[] = [];
    for (const b of builds) {
      const expected = committed.programs[b.name]?.sha256;
      const file = join(OUTPUT_DIR, `${b.name}.so`);
      const onDisk = existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : 'missing';
      if (expected !== b.sha256 || onDisk !== b.sha256) problems.push(`${b.name}: rebuilt ${b.sha256}, manifest ${expected ?? 'missing'}, file ${onDisk}`);
    }
    for (const name of Object.keys(committed.programs)) if (!builds.some((b) => b.name === name)) problems.push(`${name}: in the manifest but has no source`);
    if (problems.length > 0) {
      process.stderr.write(`programs are not reproducible from source (run npm run build:programs and commit):\n  ${problems.join('\n  ')}\n`);
      process.exit(1);
    }
    process.stdout.write(`${builds.length} programs rebuilt, hashes match the manifest\n`);
    return;
  }
  mkdirSync(OUTPUT_DIR, { recursive: true });
  for (const b of builds) writeFileSync(join(OUTPUT_DIR, `${b.name}.so`), b.bytes);
  writeFileSync(join(OUTPUT_DIR, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  for (const b of builds) process.stdout.write(`${b.name.padEnd(12)} ${String(b.bytes.length).padStart(7)} bytes  text ${b.textSize}  ${b.sha256}  syscalls: ${b.syscalls.join(' ')}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
