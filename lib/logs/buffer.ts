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
    for (const listener of this.listeners) listener(entry);
  }

  list(options: { limit?: number; minLevel?: number } = {}): LogEntry[] {
    const filtered = options.minLevel
      ? this.entries.filter((e) => e.level >= options.minLevel!)
      : this.entries;
    return options.limit ? filtered.slice(-options.limit) : [...filtered];
  }

  clear(): void {
    this.entries = [];
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
