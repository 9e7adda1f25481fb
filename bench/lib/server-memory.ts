import { readFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';

/**
 * The IPC side of a server process started by bench/index-scale.ts (`node --expose-gc --import tsx`): it
 * reports `{ port, stages }` once listening (its memory after each step of starting), then answers
 * `memory` with its memory now. Every reading follows two full GCs. Imports nothing but Node's own
 * modules, so a bare server that uses it loads no more than Fastify.
 */

export interface MemoryReading {
  readonly rss: number;
  readonly heapUsed: number;
  readonly heapTotal: number;
  readonly external: number;
  readonly arrayBuffers: number;
  /** From /proc/self/status: resident anonymous memory (the JS heap, malloc: SQLite's page cache, LiteSVM) and file-backed (code, mapped files). */
  readonly rssAnon: number;
  readonly rssFile: number;
  readonly mallocedMemory: number;
}

export type ServerMessage = { readonly port: number; readonly stages: readonly (readonly [string, MemoryReading])[] } | { readonly memory: MemoryReading } | { readonly failed: string };

export function memoryNow(): MemoryReading {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('start the server process with --expose-gc');
  gc();
  gc();
  const m = process.memoryUsage();
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers, rssAnon: kb('RssAnon'), rssFile: kb('RssFile'), mallocedMemory: getHeapStatistics().malloced_memory };
}

const send = (message: ServerMessage) => process.send!(message);

/** Runs `start` (it answers the port it listens on), reporting the stages it records and then memory on request. */
export function serveOverIpc(start: (stage: (name: string) => void) => Promise<number>): void {
  const stages: [string, MemoryReading][] = [['Node and the modules loaded', memoryNow()]];
  start((name) => stages.push([name, memoryNow()]))
    .then((port) => {
      stages.push(['listening', memoryNow()]);
      process.on('message', (message) => {
        if (message === 'memory') send({ memory: memoryNow() });
      });
      // Ends with the bench that started it.
      process.on('disconnect', () => process.exit(0));
      send({ port, stages });
    })
    .catch((error: unknown) => {
      send({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      process.exit(1);
    });
}
