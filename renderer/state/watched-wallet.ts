/**
 * The wallet the desk watches (no keys: an address typed in, kept in this browser's storage), shared by
 * the trade ticket (builds are made for it) and the Portfolio page.
 */
const KEY = 'launchdesk.watchWallet';

export const watchedWallet = (): string => localStorage.getItem(KEY) ?? '';
export const watchWallet = (address: string): void => localStorage.setItem(KEY, address.trim());
