import type { AlertJson, WatchApi } from '../api/watch-api.js';

/** How often fired alerts are asked for: the server fires them as the index ingests. */
const POLL_MS = 1_000;
/** How long a toast stays unless closed. */
const TOAST_MS = 12_000;

/**
 * What fired an alert: the watch kinds, and a local order's fill or pause (the order runner writes those
 * into the same feed, their title and line its own).
 */
export type DeskAlertKind = AlertJson['kind'] | 'order_fill' | 'order_pause';

/** An alert about a local order: the orders are read again when one arrives. */
export const isOrderAlert = (kind: DeskAlertKind): boolean => kind === 'order_fill' || kind === 'order_pause';

export interface AlertToast {
  readonly id: number;
  readonly kind: DeskAlertKind;
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
  private readonly listeners: ((kind: DeskAlertKind) => void)[] = [];

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

  /** Called with each fresh alert's kind (the orders read again on an order's fill or pause). */
  onAlert(listener: (kind: DeskAlertKind) => void): void {
    this.listeners.push(listener);
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
      for (const listener of this.listeners) listener(alert.kind);
      setTimeout(() => this.dismiss(alert.id), TOAST_MS);
    }
    this.toasts = [...this.toasts, ...fresh.map((a) => ({ id: a.id, kind: a.kind, title: a.title, line: a.line, mint: a.mint }))].slice(-5);
    if (this.soundOn()) this.sound();
    await this.api.markSeen(this.last).catch(() => undefined);
  }
}
