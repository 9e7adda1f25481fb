import type { DeskBridge } from '../../core/types/desk-bridge.js';

/** The Electron shell's bridge (its preload's `window.launchdesk`), or null in a browser, where the desk runs without it. */
export function deskBridge(): DeskBridge | null {
  return (window as Window & { launchdesk?: DeskBridge }).launchdesk ?? null;
}

const LANDED: Readonly<Record<string, string>> = { trade: 'Trade landed', plant: 'Coin planted', claim: 'Claim landed', payee: 'Payee changed', swap: 'Swap landed' };

/**
 * A desktop notification that something signed here has landed: the desk may be in the background when a
 * two-step trade or a planting finishes. Only in the Electron shell (the browser tab shows it in the page).
 */
export function notifyLanded(kind: string, signatures: readonly string[]): void {
  const bridge = deskBridge();
  if (!bridge || signatures.length === 0) return;
  const last = signatures.at(-1)!;
  void bridge.notify(LANDED[kind] ?? 'Transaction landed', `Signed with your keychain key and confirmed: ${last.slice(0, 8)}…${last.slice(-8)}`).catch(() => undefined);
}

/**
 * A desktop notification of a watch alert (a level crossed, a graduation, a deployer's sale, a followed
 * wallet's trade or planting): the desk may be in the background. Only in the Electron shell; the page toasts it everywhere.
 */
export function notifyWatchAlert(alert: { readonly title: string; readonly line: string }): void {
  const bridge = deskBridge();
  if (!bridge) return;
  void bridge.notify(alert.title, alert.line).catch(() => undefined);
}

/**
 * A desktop notification of an issuer alert (a followed stock paused, the issuer status unreadable): the
 * desk may be in the background when it comes. Only in the Electron shell; the page's banner shows it everywhere.
 */
export function notifyIssuerAlert(alert: { readonly title: string; readonly line: string }): void {
  const bridge = deskBridge();
  if (!bridge) return;
  void bridge.notify(alert.title, alert.line).catch(() => undefined);
}
