import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { openPostgres } from './pg-connection.js';

/**
 * A private PostgreSQL cluster from Debian's packages, for the tests, the benches and a developer's try of
 * the hosted mode: `initdb` in a temporary folder, the server on a loopback port and a socket in that
 * folder, trust authentication for one superuser. Never a shared or system cluster: it lives and dies with
 * whoever started it.
 *
 * PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` system user Debian's
 * package creates. Collation is C (`--no-locale`): text sorts by bytes, as SQLite's does, so both stores
 * answer lists in the same order.
 */
export interface PrivateCluster {
  /** `postgres://launchdesk@127.0.0.1:PORT/launchdesk` */
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  /** Stops the server (fast shutdown: sessions are ended) and keeps the data. */
  stop(): void;
  /** Starts it again on the same port, with the same data. */
  start(): void;
  /** Stops the server and deletes the folder. */
  destroy(): void;
}

export interface PrivateClusterOptions {
  /**
   * Trade durability for speed (fsync, full-page writes and synchronous commit off): for tests, whose
   * machine never loses power mid-test. Benches keep the defaults so their figures are a real server's.
   */
  readonly fast?: boolean;
}

/** The folder of PostgreSQL's programs: on PATH, or Debian's /usr/lib/postgresql/<major>/bin (the newest). */
export function postgresBin(): string {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return join(onPath, '..');
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const major of majors) if (existsSync(join(root, major, 'bin', 'initdb'))) return join(root, major, 'bin');
  throw new Error('PostgreSQL is not installed: `initdb` is neither on PATH nor under /usr/lib/postgresql/*/bin (Debian: apt-get install postgresql)');
}

/** Whether this machine can start a private cluster (PostgreSQL installed, and a non-root user to run it as when root). */
export function canStartPrivateCluster(): boolean {
  try {
    postgresBin();
    return userInfo().uid !== 0 || spawnSync('id', ['-u', 'postgres']).status === 0;
  } catch {
    return false;
  }
}

export async function startPrivateCluster(options: PrivateClusterOptions = {}): Promise<PrivateCluster> {
  const bin = postgresBin();
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'launchdesk-pg-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const run = (program: string, args: readonly string[]) => {
    const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), [...args]];
    const result = spawnSync(command, commandArgs as string[], { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`${program} ${args.join(' ')} failed (${result.status ?? result.signal}): ${(result.stderr || result.stdout).trim().slice(-2_000)}`);
    }
  };
  try {
    run('initdb', ['-D', data, '-U', 'launchdesk', '--auth=trust', '--no-locale', '-E', 'UTF8', '--no-instructions']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c max_connections=200',
    ...(options.fast ? ['-c fsync=off', '-c full_page_writes=off', '-c synchronous_commit=off'] : []),
  ].join(' ');
  let running = false;
  const cluster: PrivateCluster = {
    url: `postgres://launchdesk@127.0.0.1:${port}/postgres`,
    port,
    dir,
    start() {
      if (running) return;
      run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', settings, '-w', '-t', '60', 'start']);
      running = true;
    },
    stop() {
      if (!running) return;
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
      running = false;
    },
    destroy() {
      try {
        cluster.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  try {
    cluster.start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  // pg_ctl detaches the server: a test process that dies without its afterAll must not leave it running.
  process.once('exit', () => {
    if (running) spawnSync(asRoot ? 'runuser' : join(bin, 'pg_ctl'), asRoot ? ['-u', 'postgres', '--', join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'] : ['-D', data, '-m', 'immediate', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  });
  return cluster;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Makes database `name` in the cluster at `url` (its admin database), as the index needs it: UTF-8 with byte
 * order ("C"), as SQLite compares text. Answers its URL.
 */
export async function createDatabase(url: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`${JSON.stringify(name)} is not a plain database name`);
  const admin = openPostgres(url, { max: 1 });
  try {
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  } finally {
    await admin.end();
  }
  return url.replace(/\/[^/]*$/, `/${name}`);
}
