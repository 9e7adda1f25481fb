import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tempDir } from './sandbox.js';

/**
 * A real Secret Service for this test process: a private D-Bus session bus and GNOME Keyring's secrets
 * component, unlocked, storing its keyring in a temporary home (so parallel test files never share one).
 * `@napi-rs/keyring` reads DBUS_SESSION_BUS_ADDRESS when it connects, so setting it here is enough.
 */
export interface KeychainSession {
  readonly busAddress: string;
  stop(): void;
}

export async function startKeychainSession(): Promise<KeychainSession> {
  const home = tempDir('launchdesk-keyring-');
  const env = { ...process.env, HOME: home, XDG_DATA_HOME: `${home}/data`, XDG_RUNTIME_DIR: home, XDG_CONFIG_HOME: `${home}/config` };
  const [busAddress, busPid] = execFileSync('dbus-daemon', ['--session', '--fork', '--print-address=1', '--print-pid=1'], { encoding: 'utf8', env }).trim().split('\n');
  if (!busAddress || !busPid) throw new Error('dbus-daemon did not print its address (is the dbus package installed? sudo bash .ci/setup-machine)');
  const keyring = spawn('gnome-keyring-daemon', ['--unlock', '--components=secrets'], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...env, DBUS_SESSION_BUS_ADDRESS: busAddress } });
  let said = '';
  keyring.stdout.on('data', (d: Buffer) => (said += d.toString()));
  keyring.stderr.on('data', (d: Buffer) => (said += d.toString()));
  keyring.stdin.end('launchdesk-test');
  const code = await new Promise<number | null>((resolve) => keyring.on('exit', resolve));
  if (code !== 0) throw new Error(`gnome-keyring-daemon did not start (${code}): ${said}`);
  const before = process.env.DBUS_SESSION_BUS_ADDRESS;
  process.env.DBUS_SESSION_BUS_ADDRESS = busAddress;
  let stopped = false;
  return {
    busAddress,
    stop() {
      if (stopped) return;
      stopped = true;
      if (before === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
      else process.env.DBUS_SESSION_BUS_ADDRESS = before;
      // The keyring daemon leaves when its session bus ends.
      try {
        process.kill(Number(busPid));
      } catch {
        // already gone
      }
      rmSync(home, { recursive: true, force: true });
    },
  };
}
