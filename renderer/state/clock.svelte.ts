/** The time now, ticking once a second, so ages ("12s", "5m") move while a page is open. */
export class Clock {
  now = $state(Date.now());
  private timer: ReturnType<typeof setInterval> | null = null;

  start(): void {
    this.timer ??= setInterval(() => (this.now = Date.now()), 1_000);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Whole seconds since a unix-seconds moment. */
  secondsSince(unixSeconds: number): number {
    return Math.floor(this.now / 1_000) - unixSeconds;
  }
}
