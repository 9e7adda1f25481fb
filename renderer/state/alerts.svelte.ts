import type { AlertJson, WatchApi } from '../api/watch-api.js';

/** How often fired alerts are asked for: the server fires them as the index ingests. */
const POLL_MS = 1_000;
/** How long a toast stays unless closed. */
const TOAST_MS = 12_000;

export interface AlertToast {
  readonly id: number;
  readonly kind: AlertJson['kind'];
  readonly title: string;
  readonly line: string;
  readonly mint: string | null;
}

/**
 * Alerts the server fired, as toasts: polled from /desk-api/alerts (only those not yet seen), each shown
 * once, told to the desktop (the Electron shell's notification) and, when the person turned it on, sounded;
 * then marked seen on the server, so a reload or another window does not toast them again.
 */
export class AlertsState {
  toasts = $state<AlertToast[]>([]);
  private last = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, not state a view reads
  private readonly shown = new Set<number>();

  constructor(
    private readonly api: WatchApi,
    private readonly tell: (alert: AlertJson) => void,
    private readonly soundOn: () => boolean,
    private readonly sound: () => void,
  ) {}

  start(): void {
    if (this.timer !== null) return;
    const tick = async () => {
      await this.poll();
      this.timer = setTimeout(() => void tick(), POLL_MS);
    };
    void tick();
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  dismiss(id: number): void {
    this.toasts = this.toasts.filter((t) => t.id !== id);
  }

  async poll(): Promise<void> {
    if (!this.api.ready) return;
    let alerts: AlertJson[];
    try {
      alerts = (await this.api.unseen(this.last)).alerts;
    } catch {
      return; // the server is away or restarting: the banner tells it; the next poll tries again
    }
    const fresh = alerts.filter((a) => !this.shown.has(a.id));
    if (alerts.length > 0) this.last = alerts.at(-1)!.id;
    if (fresh.length === 0) return;
    for (const alert of fresh) {
      this.shown.add(alert.id);
      this.tell(alert);
      setTimeout(() => this.dismiss(alert.id), TOAST_MS);
    }
    this.toasts = [...this.toasts, ...fresh.map((a) => ({ id: a.id, kind: a.kind, title: a.title, line: a.line, mint: a.mint }))].slice(-5);
    if (this.soundOn()) this.sound();
    await this.api.markSeen(this.last).catch(() => undefined);
  }
}
