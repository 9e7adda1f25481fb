// The preload of the desk's window: sandboxed (CommonJS, no Node), it exposes one small typed bridge
// through contextBridge and never ipcRenderer itself (Electron's security checklist).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a sandboxed preload is CommonJS: this is how TypeScript writes its require
import electron = require('electron');
import type { DeskBridge } from '../core/types/desk-bridge.js';

// The channel names of core/types/desk-bridge.ts (a sandboxed preload cannot load another module).
const bridge: DeskBridge = {
  deskToken: () => electron.ipcRenderer.invoke('launchdesk:desk-token') as Promise<string>,
  notify: async (title, body) => {
    await electron.ipcRenderer.invoke('launchdesk:notify', String(title).slice(0, 200), String(body).slice(0, 1000));
  },
  openReviewFile: () => electron.ipcRenderer.invoke('launchdesk:open-review-file') as Promise<string | null>,
};

electron.contextBridge.exposeInMainWorld('launchdesk', bridge);
