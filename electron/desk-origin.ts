/**
 * Which addresses the shell lets the desk's window reach. The desk is served by this run's local server;
 * its window stays on that origin, and a coin's link to another site may only open outside the app.
 * No Electron here, so the rules are tested without Electron's binary.
 */

/** An address on the desk's own origin. One that does not parse is not: a refusal, never a throw that lets it through. */
export function isDeskAddress(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/** An http(s) address of another site: the only kind a coin's link may open, outside the app. */
export function isWebLink(url: string, origin: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.origin !== origin;
  } catch {
    return false;
  }
}
