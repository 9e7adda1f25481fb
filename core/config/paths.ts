import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where the app keeps its data when no --data is given: the platform's per-user data folder. */
export function appDataDir(): string {
  if (process.env['LAUNCHDESK_HOME']) return process.env['LAUNCHDESK_HOME'];
  if (process.platform === 'win32') return join(process.env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming'), 'launchdesk');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'launchdesk');
  return join(process.env['XDG_DATA_HOME'] ?? join(homedir(), '.local', 'share'), 'launchdesk');
}

export function defaultSandboxDir(): string {
  return join(appDataDir(), 'sandbox');
}
