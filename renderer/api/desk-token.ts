/**
 * The desk token of this run (core/api/desk/desk-token.ts): it arrives once in the URL's fragment
 * (`#token=…`, printed by `launchdesk start`, or handed over by Electron's preload), is kept for the tab's
 * life in sessionStorage, and is taken out of the address bar at once so it is not bookmarked or shared.
 * Without it the desk still reads everything; wallets and signing say how to get it.
 */
const KEY = 'launchdesk-desk-token';

export function takeDeskToken(win: Window = window): string | null {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]{16,200})(?:&|$)/.exec(win.location.hash);
  if (match) {
    win.sessionStorage.setItem(KEY, match[1]!);
    win.history.replaceState(win.history.state, '', win.location.pathname + win.location.search);
  }
  return win.sessionStorage.getItem(KEY);
}
