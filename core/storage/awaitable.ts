/**
 * A store's answer: at once (SQLite, synchronous) or later (PostgreSQL). An interface both stores implement
 * returns this, so the embedded store keeps answering without a promise of its own; callers `await` it.
 */
export type Awaitable<T> = T | Promise<T>;
