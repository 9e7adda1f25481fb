/** The desk's pages, by path (history routing: the server answers index.html for any of them). */
export type Route = { readonly page: 'discover' } | { readonly page: 'not-found'; readonly path: string };

export function routeOf(path: string): Route {
  if (path === '/' || path === '/index.html') return { page: 'discover' };
  return { page: 'not-found', path };
}

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
