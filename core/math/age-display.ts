const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/**
 * How long ago something happened, in the one largest unit that fits, rounded down: "12s", "5m", "3h",
 * "2d", "4mo", "1y". `seconds` is whole elapsed seconds; a moment in the future (a clock ahead of this
 * one) reads as "0s" rather than a negative age.
 */
export function formatAge(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0s';
  const s = Math.floor(seconds);
  if (s < MINUTE) return `${s}s`;
  if (s < HOUR) return `${Math.floor(s / MINUTE)}m`;
  if (s < DAY) return `${Math.floor(s / HOUR)}h`;
  if (s < MONTH) return `${Math.floor(s / DAY)}d`;
  if (s < YEAR) return `${Math.floor(s / MONTH)}mo`;
  return `${Math.floor(s / YEAR)}y`;
}
