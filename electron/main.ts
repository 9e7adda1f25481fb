import { app, BrowserWindow } from 'electron';
import { defaultSandboxDir } from '../core/config/paths.js';
import { startLocalServices, type LocalServices } from '../core/local-services.js';

/**
 * The Electron shell: boots core in this (main) process (the sandbox, the indexer and the /v1 server on
 * 127.0.0.1, as `launchdesk serve` does) and opens the window. It stays thin; all behaviour lives in core/
 * and renderer/, which also run without Electron.
 */
const API_PORT = 7439;
let services: LocalServices | null = null;

async function boot(): Promise<void> {
  // Packaged, the built programs sit in the app's resources folder (electron-builder.yml extraResources).
  if (app.isPackaged && !process.env['LAUNCHDESK_RESOURCES']) process.env['LAUNCHDESK_RESOURCES'] = process.resourcesPath;
  // The default port when free, else any: a second copy of the app must still start.
  const start = (apiPort: number) => startLocalServices({ dataDir: process.env['LAUNCHDESK_DATA'] ?? defaultSandboxDir(), rpcPort: 0, apiPort });
  services = await start(API_PORT).catch(() => start(0));
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    title: 'launchdesk',
    webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false },
  });
  // The desk (renderer/, built into dist/desk) is served by the local server, the same origin as /v1.
  await window.loadURL(`${services.apiUrl}/`);
}

app.whenReady().then(boot).catch((error: unknown) => {
  console.error('launchdesk failed to start:', error);
  app.exit(1);
});

app.on('window-all-closed', () => app.quit());
app.on('will-quit', () => {
  void services?.close();
});
