import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Sandbox } from '../sandbox.js';
import { toJsonText } from './json-text.js';
import { createMethods, type Method } from './methods.js';
import { listenOnAdjacentPorts } from './port-pair.js';
import { INTERNAL_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR, RpcError } from './rpc-error.js';
import { SubscriptionHub } from './subscriptions.js';

/**
 * Solana JSON-RPC over HTTP and PubSub over WebSocket for the sandbox, on 127.0.0.1. Like a validator,
 * the WebSocket listens on the HTTP port + 1 (what `@solana/web3.js` assumes), whichever port was asked
 * for, 0 included; it also accepts upgrades on the HTTP port itself.
 */

const MAX_BODY_BYTES = 1 << 20;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface RpcFacade {
  readonly rpcUrl: string;
  readonly wsUrl: string;
  close(): Promise<void>;
}

interface JsonRpcRequest {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

function errorBody(id: unknown, error: RpcError): string {
  return toJsonText({ jsonrpc: '2.0', error: { code: error.code, message: error.message, data: error.data }, id: id ?? null });
}

/** One request object in, one response text out (null for a notification without id... never used by Solana clients). */
async function answer(methods: Record<string, Method>, request: unknown): Promise<string> {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return errorBody(null, new RpcError(INVALID_REQUEST, 'Invalid request'));
  }
  const { jsonrpc, id, method, params } = request as JsonRpcRequest;
  if (jsonrpc !== '2.0' || typeof method !== 'string' || (params !== undefined && !Array.isArray(params))) {
    return errorBody(id, new RpcError(INVALID_REQUEST, 'Invalid request'));
  }
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
  if (!handler) return errorBody(id, new RpcError(METHOD_NOT_FOUND, 'Method not found'));
  try {
    const result = await handler((params as unknown[] | undefined) ?? []);
    return toJsonText({ jsonrpc: '2.0', result, id });
  } catch (error) {
    if (error instanceof RpcError) return errorBody(id, error);
    return errorBody(id, new RpcError(INTERNAL_ERROR, `Internal error: ${(error as Error).message}`));
  }
}

function hostAllowed(req: IncomingMessage): boolean {
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  return LOOPBACK_HOSTS.has(host);
}

/**
 * The request's body as text, or null past MAX_BODY_BYTES (the rest of it is then let through unread,
 * as leaving a `for await` over it early does, so that the answer still reaches the client). Read
 * through its events: no async iterator (and its promises) made for every request.
 */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise<string | null>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData).off('end', onEnd).off('error', onError);
      req.resume();
      resolve(null);
    };
    const onEnd = (): void => resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    const onError = (error: Error): void => reject(error);
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

export async function startRpcFacade(sandbox: Sandbox, options: { port?: number; host?: string } = {}): Promise<RpcFacade> {
  const host = options.host ?? '127.0.0.1';
  const methods = createMethods(sandbox);
  const hub = new SubscriptionHub(sandbox.cluster);

  const onHttp = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hostAllowed(req)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Host not allowed: the sandbox answers loopback names only\n');
      return;
    }
    if (req.method === 'GET' && req.url === '/health') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { 'content-type': 'text/plain' }).end('Used HTTP Method is not allowed. POST or OPTIONS is required');
      return;
    }
    const body = await readBody(req);
    if (body === null) {
      // The rest of the body is never read: close the connection so that no client reuses it.
      res.writeHead(413, { 'content-type': 'text/plain', connection: 'close' }).end('Payload Too Large');
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      res.writeHead(200, { 'content-type': 'application/json' }).end(errorBody(null, new RpcError(PARSE_ERROR, 'Parse error')));
      return;
    }
    let text: string;
    if (Array.isArray(parsed)) {
      text = parsed.length === 0 ? errorBody(null, new RpcError(INVALID_REQUEST, 'Invalid request')) : `[${(await Promise.all(parsed.map((r) => answer(methods, r)))).join(',')}]`;
    } else text = await answer(methods, parsed);
    res.writeHead(200, { 'content-type': 'application/json' }).end(text);
  };

  const onSocket = (socket: WebSocket): void => {
    const owned = new Set<number>();
    const notify = (method: string, result: unknown, subscription: number): void => {
      if (socket.readyState === socket.OPEN) socket.send(toJsonText({ jsonrpc: '2.0', method, params: { result, subscription } }));
    };
    socket.on('message', (data) => {
      let request: JsonRpcRequest;
      try {
        request = JSON.parse(data.toString()) as JsonRpcRequest;
      } catch {
        socket.send(errorBody(null, new RpcError(PARSE_ERROR, 'Parse error')));
        return;
      }
      if (typeof request !== 'object' || request === null || typeof request.method !== 'string') {
        socket.send(errorBody(null, new RpcError(INVALID_REQUEST, 'Invalid request')));
        return;
      }
      // A JSON-RPC notification (no id), such as web3.js's keep-alive ping, gets no answer.
      if (!('id' in request) || request.id === null) return;
      try {
        const params = Array.isArray(request.params) ? request.params : [];
        const result = hub.handle(request.method, params, notify, owned);
        socket.send(toJsonText({ jsonrpc: '2.0', result, id: request.id }));
      } catch (error) {
        const rpcError = error instanceof RpcError ? error : new RpcError(INTERNAL_ERROR, `Internal error: ${(error as Error).message}`);
        socket.send(errorBody(request.id, rpcError));
      }
    });
    socket.on('close', () => hub.release(owned));
    socket.on('error', () => hub.release(owned));
  };

  const http = createServer((req, res) => {
    onHttp(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  wss.on('connection', onSocket);
  const upgrade = (server: Server) =>
    server.on('upgrade', (req, socket, head) => {
      if (!hostAllowed(req)) {
        socket.destroy();
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    });
  upgrade(http);
  const wsServer = createServer((_req, res) => res.writeHead(426).end('Upgrade Required'));
  upgrade(wsServer);
  const { httpPort, wsPort } = await listenOnAdjacentPorts(http, wsServer, options.port ?? 0, host);
  const rpcUrl = `http://${host}:${httpPort}`;
  const wsUrl = `ws://${host}:${wsPort}`;
  sandbox.setEndpoints(rpcUrl, wsUrl);

  return {
    rpcUrl,
    wsUrl,
    async close() {
      hub.close();
      for (const client of wss.clients) client.terminate();
      wss.close();
      await Promise.all([http, wsServer].map((server) => new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      })));
    },
  };
}
