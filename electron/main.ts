import { app, BrowserWindow } from 'electron';
import { defaultSandboxDir } from '../core/config/paths.js';
import { startRpcFacade, type RpcFacade } from '../core/sandbox/rpc/server.js';
import { Sandbox } from '../core/sandbox/sandbox.js';

/**
 * The Electron shell: boots core in this (main) process and opens the window. It stays thin; all
 * behaviour lives in core/ and renderer/, which also run without Electron.
 */
let sandbox: Sandbox | null = null;
let facade: RpcFacade | null = null;

async function boot(): Promise<void> {
  // Packaged, the built programs sit in the app's resources folder (electron-builder.yml extraResources).
  if (app.isPackaged && !process.env['LAUNCHDESK_RESOURCES']) process.env['LAUNCHDESK_RESOURCES'] = process.resourcesPath;
  sandbox = await Sandbox.open({ dataDir: process.env['LAUNCHDESK_DATA'] ?? defaultSandboxDir() });
  facade = await startRpcFacade(sandbox, { port: 0 });
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    title: 'launchdesk',
    webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false },
  });
  // The desk (renderer/) is served by the local server in a later step; until then the window shows where the chain is.
  const page = `<!doctype html><meta charset="utf-8"><title>launchdesk</title><body style="font:14px system-ui;padding:2em"><h1>launchdesk</h1><p>Sandbox RPC: ${facade.rpcUrl}</p><p>WebSocket: ${facade.wsUrl}</p></body>`;
  await window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(page)}`);
}

app.whenReady().then(boot).catch((error: unknown) => {
  console.error('launchdesk failed to start:', error);
  app.exit(1);
});

app.on('window-all-closed', () => app.quit());
app.on('will-quit', () => {
  void facade?.close();
  sandbox?.close();
});
