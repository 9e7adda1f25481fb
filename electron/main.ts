import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, session, shell, type IpcMainInvokeEvent } from 'electron';
import { newDeskToken } from '../core/api/desk/desk-token.js';
import { defaultSandboxDir } from '../core/config/paths.js';
import { startLocalServices, type LocalServices } from '../core/local-services.js';
import { DESK_BRIDGE_CHANNELS } from '../core/types/desk-bridge.js';
import { appMenuTemplate } from './app-menu.js';
import { isDeskAddress, isWebLink } from './desk-origin.js';

/**
 * The Electron shell: boots core in this (main) process (the sandbox, the indexer and the /v1 server on
 * 127.0.0.1, as `launchdesk serve` does), and opens the desk in a sandboxed window. It stays thin: all
 * behaviour lives in core/ and renderer/, which also run without Electron. Keys stay in this process (the
 * local server signs with the OS keychain); the window gets this run's desk token through the preload
 * and nothing else: no Node, no navigation or window away from the local origin, no permission granted.
 * Packaged, the window has no DevTools, and Electron's fuses (electron-builder.yml) close the binary's own
 * back doors (running as Node, NODE_OPTIONS, --inspect, code from outside its asar).
 */
const API_PORT = 7439;
/** The largest file the Review page opens (a build answer is a few kilobytes). */
const REVIEW_FILE_LIMIT = 1024 * 1024;
let services: LocalServices | null = null;
let deskWindow: BrowserWindow | null = null;
const deskToken = newDeskToken();

/** Only the desk's own page, served by this run's local server, may ask for the token or open files. */
function assertFromDesk(event: IpcMainInvokeEvent, origin: string): void {
  const url = event.senderFrame?.url ?? '';
  if (!url.startsWith(`${origin}/`)) throw new Error('refused: this request does not come from the desk');
}

/** A second start of the app lands here: the person sees the desk already open rather than nothing. */
function showDeskWindow(): void {
  // Still booting: the window opens when core is up.
  if (!deskWindow || deskWindow.isDestroyed()) return;
  if (deskWindow.isMinimized()) deskWindow.restore();
  deskWindow.show();
  deskWindow.focus();
}

function lockDown(origin: string): void {
  // Every permission (camera, notifications from the page, clipboard reads, geolocation…) is denied: the desk needs none.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_event, contents) => {
    // No window of the app opens elsewhere. A coin's link, which the desk opens only after the person
    // confirmed the site it names (renderer/components/ExternalLink.svelte), goes to the system's browser.
    contents.setWindowOpenHandler(({ url }) => {
      if (isWebLink(url, origin)) void shell.openExternal(url); /* eng-disable OPEN_EXTERNAL_JS_CHECK */
      return { action: 'deny' };
    });
    // will-navigate sees only the main frame; will-frame-navigate sees every frame's navigation, so a
    // frame the page embeds cannot be sent away from the local origin either.
    contents.on('will-frame-navigate', (event) => {
      if (!isDeskAddress(event.url, origin)) event.preventDefault();
    });
    contents.on('will-navigate', (event, url) => {
      if (!isDeskAddress(url, origin)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isDeskAddress(url, origin)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  ipcMain.handle(DESK_BRIDGE_CHANNELS.token, (event) => {
    assertFromDesk(event, origin);
    return deskToken;
  });
  ipcMain.handle(DESK_BRIDGE_CHANNELS.notify, (event, title: unknown, body: unknown) => {
    assertFromDesk(event, origin);
    if (Notification.isSupported()) new Notification({ title: String(title).slice(0, 200), body: String(body).slice(0, 1000) }).show();
  });
  ipcMain.handle(DESK_BRIDGE_CHANNELS.openReviewFile, async (event) => {
    assertFromDesk(event, origin);
    const picked = await dialog.showOpenDialog({ title: 'Open a build to review', properties: ['openFile'], filters: [{ name: 'Builds and transactions', extensions: ['json', 'txt', 'b64'] }] });
    const path = picked.filePaths[0];
    if (picked.canceled || !path) return null;
    if ((await stat(path)).size > REVIEW_FILE_LIMIT) throw new Error('that file is over 1 MB: a build answer is a few kilobytes');
    return readFile(path, 'utf8');
  });
}

async function boot(): Promise<void> {
  // Packaged, the built programs sit in the app's resources folder (electron-builder.yml extraResources).
  if (app.isPackaged && !process.env['LAUNCHDESK_RESOURCES']) process.env['LAUNCHDESK_RESOURCES'] = process.resourcesPath;
  // The default port when free, else any: a second copy of the app must still start.
  const start = (apiPort: number) => startLocalServices({ dataDir: process.env['LAUNCHDESK_DATA'] ?? defaultSandboxDir(), rpcPort: 0, apiPort, deskToken });
  services = await start(API_PORT).catch(() => start(0));
  const origin = new URL(services.apiUrl!).origin;
  lockDown(origin);
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate({ name: app.name, packaged: app.isPackaged, platform: process.platform })));
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    title: 'launchdesk',
    backgroundColor: '#0e1116',
    webPreferences: {
      // Reviewed (Electronegativity's PRELOAD_JS_CHECK): the preload exposes only the DeskBridge's three calls, never ipcRenderer.
      preload: join(dirname(fileURLToPath(import.meta.url)), 'preload.cjs'), /* eng-disable PRELOAD_JS_CHECK */
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      // A middle click would open a link in a new window: not in this app.
      disableBlinkFeatures: 'Auxclick',
      // A packaged desk holds wallets: no console in which a person can be talked into pasting code.
      devTools: !app.isPackaged,
    },
  });
  deskWindow = window;
  window.on('closed', () => {
    deskWindow = null;
  });
  // The desk (renderer/, built into dist/desk) is served by the local server with its Content-Security-Policy, the same origin as /v1.
  await window.loadURL(`${origin}/`);
}

// Every renderer sandboxed, whatever its window's options say; Electron takes this only before ready.
app.enableSandbox();

// One running copy per user: two would open the same data directory (its SQLite files, the key store's list,
// the build ledger) from two processes. A second start hands over to the first, which shows its window.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', showDeskWindow);
  app.whenReady().then(boot).catch((error: unknown) => {
    console.error('launchdesk failed to start:', error);
    app.exit(1);
  });
}

app.on('window-all-closed', () => app.quit());
app.on('will-quit', () => {
  void services?.close();
});
