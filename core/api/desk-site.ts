import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DeskError } from '../errors.js';
import type { Api } from './api-context.js';

/**
 * The built desk (renderer/, `vite build` into dist/desk) served at `/`, the same origin as /v1, so the
 * desk needs no CORS and the server sends none. Hashed assets are immutable; index.html is never cached
 * because it carries this run's desk session. A path that is not a file is a client route of the desk
 * and answers index.html; /v1 and /ipfs paths never fall back to it (their 404s stay JSON).
 */

/** The header the desk sends its session in (see `deskSessionOf`). */
export const DESK_SESSION_HEADER = 'x-desk-session';
const SESSION_META = 'launchdesk-session';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Scripts only from this origin; inline styles because Svelte sets style attributes; images from here and data: avatars. */
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/**
 * Where the built desk is: dist/desk of the package this file belongs to (it runs from core/api in
 * development and from dist/core/api when built or packaged, where dist/ is inside the app).
 */
export function defaultDeskDir(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'dist', 'desk');
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** A fresh per-run desk session: 192 random bits, URL-safe. */
export const newDeskSession = (): string => randomBytes(24).toString('base64url');

/**
 * Whether a request comes from the desk page this server served (its session header matches this run's
 * session). The desk then counts under its own identity at the raised tier: it polls several lists and
 * loads coin images, which the anonymous reads limit (60 a minute, shared by every local bot) cannot
 * carry. Only a page read from this origin knows the session: the Host check stops DNS rebinding and no
 * CORS header lets another site read index.html, nor send the custom header at all. A session of an
 * earlier run answers 401 with what to do, so a desk left open across a restart can renew it.
 */
export function deskSessionOf(request: FastifyRequest, session: string): boolean {
  const sent = request.headers[DESK_SESSION_HEADER];
  if (sent === undefined) return false;
  const a = Buffer.from(String(sent));
  const b = Buffer.from(session);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new DeskError('unauthorized', 'this desk page was loaded from an earlier run of the local server (its session has ended); reload the page');
  }
  return true;
}

const escapeAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>launchdesk: the desk is not built</title></head>
<body style="font:15px/1.5 system-ui,sans-serif;background:#0e1116;color:#e6e9ef;max-width:40rem;margin:3rem auto;padding:0 1rem">
<h1>The desk is not built yet</h1><p>This server answers the API at <a style="color:#7cc4ff" href="/v1/docs">/v1</a>, but the desk's files
(dist/desk) are missing. Run <code>npm run build</code> in the project folder, then reload this page.</p></body></html>`;

export function registerDeskRoutes(app: Api, desk: { readonly dir: string | null; readonly session: string }): void {
  const root = desk.dir === null ? null : resolve(desk.dir);

  async function fileOf(relative: string): Promise<string | null> {
    if (root === null) return null;
    const full = resolve(root, relative);
    if (full !== root && !full.startsWith(root + sep)) return null; // `..` never leaves the desk's folder
    const info = await stat(full).catch(() => null);
    return info?.isFile() ? full : null;
  }

  async function sendIndex(reply: FastifyReply): Promise<FastifyReply> {
    const index = await fileOf('index.html');
    if (index === null) return reply.status(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
    const html = (await readFile(index, 'utf8')).replace('</head>', `<meta name="${SESSION_META}" content="${escapeAttribute(desk.session)}">\n</head>`);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', CSP)
      .header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'no-referrer')
      .send(html);
  }

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    // The API's own namespaces answer their JSON 404, never the desk.
    if (/^\/(v1|ipfs|desk-api)(\/|$)/.test(path)) return reply.callNotFound();
    const relative = ((request.params as { '*'?: string })['*'] ?? '').replace(/^\/+/, ''); // decoded by the router
    if (relative === '' || relative === 'index.html') return sendIndex(reply);
    const file = await fileOf(relative);
    if (file !== null) {
      return reply
        .type(CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream')
        .header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(await readFile(file));
    }
    // A missing file (a name with an extension) is a 404; anything else is one of the desk's own routes.
    if (extname(relative) !== '') return reply.callNotFound();
    return sendIndex(reply);
  };
  app.get('/', { schema: { hide: true } }, handler);
  app.get('/*', { schema: { hide: true } }, handler);
}
