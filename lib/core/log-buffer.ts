export interface LogEntry {
  level: number;
  time: number;
  msg?: string;
  [key: string]: unknown;
}

type Listener = (entry: LogEntry) => void;

/** The last N log entries of this process, and listeners for live streaming. */
export class LogBuffer {
  private entries: LogEntry[] = [];
  private readonly listeners = new Set<Listener>();

  constructor(private capacity: number) {}

  push(entry: LogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > this.capacity)
      this.entries.splice(0, this.entries.length - this.capacity);
    for (const listener of this.listeners) {
      try {
        listener(entry);
      } catch {
        // One broken stream must not keep the entry from the others.
      }
    }
  }

  list(options: { limit?: number; minLevel?: number } = {}): LogEntry[] {
    const { minLevel, limit } = options;
    const filtered =
      minLevel !== undefined ? this.entries.filter((e) => e.level >= minLevel) : this.entries;
    if (limit === undefined) return [...filtered];
    return limit > 0 ? filtered.slice(-limit) : [];
  }

  clear(): void {
    this.entries = [];
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
