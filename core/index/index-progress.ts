import type { IngestProgress } from './ingest/ingestor.js';

/** The index's latest progress, kept for whoever asks later (the stream's `progress` topic) and announced to listeners. */
export class ProgressFeed {
  private last: IngestProgress | null = null;
  private readonly listeners = new Set<(progress: IngestProgress) => void>();

  get latest(): IngestProgress | null {
    return this.last;
  }

  /** The Ingestor's onProgress. */
  readonly report = (progress: IngestProgress): void => {
    this.last = progress;
    for (const listener of this.listeners) {
      try {
        listener(progress);
      } catch {
        // a listener's failure is its own
      }
    }
  };

  subscribe(listener: (progress: IngestProgress) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
