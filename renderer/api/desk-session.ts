/**
 * The desk's session with the local server: index.html carries it in a meta tag (one per server run)
 * and the client sends it with every request, so the desk counts as itself rather than as an anonymous
 * caller (see core/api/desk-site.ts). After the server restarts the old session is refused; `renew`
 * reads the new one from a fresh index.html without reloading the page.
 */
const META = 'meta[name="launchdesk-session"]';

export class DeskSession {
  private token: string | null;

  constructor(doc: Document = document) {
    this.token = doc.querySelector<HTMLMetaElement>(META)?.content ?? null;
  }

  get current(): string | null {
    return this.token;
  }

  /** Reads this run's session from the server's index.html; false when the page carries none. */
  async renew(fetcher: typeof fetch = fetch): Promise<boolean> {
    const response = await fetcher('/', { cache: 'no-store', headers: { accept: 'text/html' } });
    if (!response.ok) return false;
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    this.token = page.querySelector<HTMLMetaElement>(META)?.content ?? null;
    return this.token !== null;
  }
}
