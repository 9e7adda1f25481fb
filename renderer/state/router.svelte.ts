/** The desk's pages, by path (history routing: the server answers index.html for any of them). */
export type Route = { readonly page: 'discover' } | { readonly page: 'portfolio' } | { readonly page: 'stats' } | { readonly page: 'stocks' } | { readonly page: 'wallets' } | { readonly page: 'review' } | { readonly page: 'plant' } | { readonly page: 'orders' } | { readonly page: 'coin'; readonly mint: string } | { readonly page: 'not-found'; readonly path: string };

/** A mint in a path: base58 of 32 bytes (the server says whether it is a coin). */
const COIN_PATH = /^\/coin\/([1-9A-HJ-NP-Za-km-z]{32,44})$/;

export function routeOf(path: string): Route {
  if (path === '/' || path === '/index.html') return { page: 'discover' };
  if (path === '/portfolio') return { page: 'portfolio' };
  if (path === '/stats') return { page: 'stats' };
  if (path === '/stocks') return { page: 'stocks' };
  if (path === '/wallets') return { page: 'wallets' };
  if (path === '/review') return { page: 'review' };
  if (path === '/plant') return { page: 'plant' };
  if (path === '/orders') return { page: 'orders' };
  const coin = COIN_PATH.exec(path);
  if (coin) return { page: 'coin', mint: coin[1]! };
  return { page: 'not-found', path };
}

export const coinPath = (mint: string): string => `/coin/${mint}`;

/** The current route, following links inside the desk and the browser's back and forward. */
export class Router {
  route = $state<Route>(routeOf(location.pathname));

  constructor() {
    addEventListener('popstate', () => (this.route = routeOf(location.pathname)));
  }

  navigate(path: string): void {
    if (path !== location.pathname) history.pushState(null, '', path);
    this.route = routeOf(path);
  }
}
