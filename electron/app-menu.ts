import type { MenuItemConstructorOptions } from 'electron';

export interface AppMenuOptions {
  /** The app's name, the first menu's title. */
  readonly name: string;
  /** `app.isPackaged`: a packaged app has no reload and nothing that opens DevTools. */
  readonly packaged: boolean;
  readonly platform: NodeJS.Platform;
}

/**
 * The application menu, replacing Electron's default one, whose View menu reloads the page and opens
 * DevTools in every build. Items are spelled out rather than taken from a role's ready-made submenu, so
 * that what the menu holds is visible here and tested (test/lint/electron-shell.test.ts) without Electron.
 * Edit keeps copy and paste working in the desk's fields (on macOS they exist only through the menu).
 */
export function appMenuTemplate({ name, packaged, platform }: AppMenuOptions): MenuItemConstructorOptions[] {
  const appItems: MenuItemConstructorOptions[] = platform === 'darwin'
    ? [{ role: 'about' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }]
    : [{ role: 'quit' }];
  const menu: MenuItemConstructorOptions[] = [
    { label: name, submenu: appItems },
    { label: 'Edit', submenu: [{ role: 'undo' }, { role: 'redo' }, { type: 'separator' }, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }] },
  ];
  // Only a development run may reload or inspect the page.
  if (!packaged) menu.push({ label: 'View', submenu: [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }] });
  return menu;
}
