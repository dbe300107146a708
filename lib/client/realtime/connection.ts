import type { RealtimeEvent, RealtimeStatus, SocketLike, SubscribeInput } from './types';

export type { RealtimeEvent, RealtimeStatus, SocketLike, SubscribeInput } from './types';

export interface SubscriptionHandlers {
  onEvent(event: RealtimeEvent): void;
  /** The server refused or ended the subscription (its error code, e.g. FORBIDDEN). */
  onError?(code: string): void;
}

export interface ConnectionOptions {
  /** The WebSocket URL, asked again on every (re)connect. */
  url: () => string;
  /** Opens a socket; the browser's WebSocket unless given. */
  socket?: (url: string) => SocketLike;
  /** Reconnect delays: the first, and the most it grows to (doubling, with jitter). */
  backoff?: { minMs: number; maxMs: number };
  /** How often the client pings; a line silent for three of these counts as dead. */
  heartbeatMs?: number;
  /** How long an unused socket stays open, so moving between pages does not reopen it. */
  lingerMs?: number;
}

interface Entry {
  uid: string;
  message: Record<string, unknown>;
  handlers: Set<SubscriptionHandlers>;
  /** An `init` came once already: the next one follows a reconnect. */
  initialised: boolean;
}

const OPEN = 1;

/**
 * One realtime socket shared by every subscriber of a tab. Subscriptions are counted per
 * collection, query and event: the first subscriber opens one on the server, the last one
 * to leave closes it. A lost line is reopened with growing delays and every subscription is
 * sent again; its `init` then says `resumed`, so subscribers can catch up on what they missed.
 */
export class RealtimeConnection {
  private socket: SocketLike | null = null;
  private readonly entries = new Map<string, Entry>();
  private readonly byUid = new Map<string, Entry>();
  private readonly statusListeners = new Set<(status: RealtimeStatus) => void>();
  private state: RealtimeStatus = 'idle';
  private attempt = 0;
  private nextUid = 1;
  private lastHeard = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private readonly backoff: { minMs: number; maxMs: number };
  private readonly heartbeatMs: number;
  private readonly lingerMs: number;

  constructor(private readonly options: ConnectionOptions) {
    this.backoff = options.backoff ?? { minMs: 500, maxMs: 30_000 };
    this.heartbeatMs = options.heartbeatMs ?? 25_000;
    this.lingerMs = options.lingerMs ?? 10_000;
  }

  get status(): RealtimeStatus {
    return this.state;
  }

  onStatus(listener: (status: RealtimeStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Server subscriptions open now (one per distinct collection, query and event). */
  get subscriptionCount(): number {
    return this.entries.size;
  }

  subscribe(input: SubscribeInput, handlers: SubscriptionHandlers): () => void {
    const key = JSON.stringify([input.collection, input.query ?? null, input.event ?? null]);
    let entry = this.entries.get(key);
    if (!entry) {
      const uid = `s${this.nextUid++}`;
      const message: Record<string, unknown> = { type: 'subscribe', collection: input.collection };
      if (input.query) message.query = input.query;
      if (input.event) message.event = input.event;
      message.uid = uid;
      entry = { uid, message, handlers: new Set(), initialised: false };
      this.entries.set(key, entry);
      this.byUid.set(uid, entry);
      this.send(message);
    }
    entry.handlers.add(handlers);
    this.ensureOpen();
    const held = entry;
    return () => {
      held.handlers.delete(handlers);
      if (held.handlers.size || this.entries.get(key) !== held) return;
      this.entries.delete(key);
      this.byUid.delete(held.uid);
      this.send({ type: 'unsubscribe', uid: held.uid });
      if (!this.entries.size) this.linger();
    };
  }

  /** Drops the line and opens a new one now (another scope, the network came back). */
  reconnect(): void {
    this.attempt = 0;
    this.drop();
    if (this.entries.size) this.open();
  }

  /** Closes the line for good (until the next subscription). */
  close(): void {
    this.drop();
    this.setStatus('idle');
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.state) return;
    this.state = status;
    for (const listener of this.statusListeners) listener(status);
  }

  private send(message: Record<string, unknown>): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private ensureOpen(): void {
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    if (!this.socket && !this.retryTimer) this.open();
  }

  private linger(): void {
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = setTimeout(() => {
      this.lingerTimer = null;
      if (!this.entries.size) this.close();
    }, this.lingerMs);
  }

  private open(): void {
    this.setStatus(this.attempt === 0 ? 'connecting' : 'offline');
    const make = this.options.socket ?? ((url: string) => new WebSocket(url));
    let socket: SocketLike;
    try {
      socket = make(this.options.url());
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.lastHeard = Date.now();
      this.setStatus('open');
      // The session cookie signs the line in; every subscription is (re)sent.
      for (const entry of this.entries.values()) this.send(entry.message);
      this.startHeartbeat();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.lastHeard = Date.now();
      this.receive(typeof event.data === 'string' ? event.data : '');
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopHeartbeat();
      if (this.entries.size) this.retry();
      else this.setStatus('idle');
    };
    socket.onerror = () => undefined;
  }

  private retry(): void {
    this.setStatus('offline');
    const base = Math.min(this.backoff.maxMs, this.backoff.minMs * 2 ** this.attempt);
    this.attempt++;
    // Jitter, so the tabs of a restarted server don't all come back at the same instant.
    const wait = base / 2 + Math.random() * (base / 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.entries.size && !this.socket) this.open();
    }, wait);
  }

  private drop(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= OPEN) socket.close(1000, 'closing');
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => {
      // Three beats without a word from the server: the line is dead even if TCP says not.
      if (Date.now() - this.lastHeard > this.heartbeatMs * 3) {
        this.socket?.close(4000, 'silent');
        return;
      }
      this.send({ type: 'ping' });
    }, this.heartbeatMs);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private receive(text: string): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return;
    }
    if (message.type === 'ping') return this.send({ type: 'pong' });
    const entry = typeof message.uid === 'string' ? this.byUid.get(message.uid) : undefined;
    if (!entry) return;
    if (message.type === 'subscribe' && message.status === 'error') {
      const code = (message.error as { code?: string } | undefined)?.code ?? 'UNKNOWN';
      for (const h of [...entry.handlers]) h.onError?.(code);
      return;
    }
    if (message.type !== 'subscription' || typeof message.event !== 'string') return;
    const name = message.event as RealtimeEvent['event'];
    const resumed = name === 'init' && entry.initialised;
    if (name === 'init') entry.initialised = true;
    const event: RealtimeEvent = { event: name, data: message.data, resumed };
    for (const h of [...entry.handlers]) h.onEvent(event);
  }
}
