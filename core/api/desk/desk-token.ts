import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { DeskError } from '../../errors.js';
import { loopbackOriginProblem } from '../loopback.js';

/**
 * The per-launch token of the desk's signing routes (/desk-api). Unlike the desk session in index.html
 * (which any local process can read by fetching the page), this token is handed only to the person:
 * Electron passes it to its window through the preload, and headless `launchdesk start` prints it in the
 * desk's URL (after `#`, so it never travels in a request line or a log). A request without it signs nothing.
 */
export const DESK_TOKEN_HEADER = 'x-desk-token';

/** 192 random bits, URL-safe. */
export const newDeskToken = (): string => randomBytes(24).toString('base64url');

/** The desk's URL with its token, as `launchdesk start` prints it. */
export const deskUrlWithToken = (apiUrl: string, token: string): string => `${apiUrl}/#token=${token}`;

export function assertDeskToken(request: FastifyRequest, token: string): void {
  const origin = loopbackOriginProblem(request.headers.origin, request.socket.localPort);
  if (origin !== null) throw new DeskError('unauthorized', origin);
  const sent = request.headers[DESK_TOKEN_HEADER];
  if (sent === undefined) {
    throw new DeskError('unauthorized', `the desk's wallet and signing routes need this run's desk token in ${DESK_TOKEN_HEADER}: open the desk from the URL launchdesk printed when it started (it ends in #token=…)`);
  }
  const a = Buffer.from(String(sent));
  const b = Buffer.from(token);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new DeskError('unauthorized', 'the desk token is not this run\'s (the app was restarted): open the desk from the URL it printed this time');
  }
}
