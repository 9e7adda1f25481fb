import WebSocket from 'ws';
import type { ApiFixture } from './api-fixture.js';

export type Frame = { type: string; position?: number; events?: { kind: string; position: number; data: Record<string, unknown>; mint?: string; interval?: string }[]; error?: { code: string; message: string }; data?: Record<string, unknown>; topics?: string[] };

/** A /v1/stream client that keeps every frame and can wait for one. */
export class Listener {
  readonly frames: Frame[] = [];
  private waiters: (() => void)[] = [];
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static open(f: ApiFixture, headers: Record<string, string> = {}): Promise<Listener> {
    const socket = new WebSocket(`ws://127.0.0.1:${f.port}/v1/stream`, { headers });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new Listener(socket)));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  async until(test: (frames: Frame[]) => boolean, ms = 5_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test(this.frames)) {
      if (Date.now() > deadline) throw new Error(`timed out; frames: ${JSON.stringify(this.frames).slice(0, 500)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  events(kind: string) {
    return this.frames.flatMap((f) => (f.type === 'events' ? f.events! : [])).filter((e) => e.kind === kind);
  }

  lastPosition(): number {
    return this.frames.reduce((p, f) => (f.type === 'events' || f.type === 'subscribed' ? Math.max(p, f.position!) : p), 0);
  }
}
