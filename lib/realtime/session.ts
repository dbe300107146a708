import 'server-only';
import crypto from 'node:crypto';
import type { Accountability } from '@/lib/core/accountability';
import { config } from '@/lib/core/config';
import type { BareContext } from '@/lib/core/context';
import { AppError, MfaRequiredError } from '@/lib/core/errors';
import { getDb } from '@/lib/db/client';
import { getSchema } from '@/lib/schema/overview';
import {
  addSession,
  addSubscription,
  regroupSubscription,
  removeSession,
  removeSubscription,
} from './hub';
import { itemsMessage } from './items';
import {
  AUTH_TIMEOUT_MS,
  errorMessage,
  parseClientMessage,
  publicError,
  rawQueryOf,
  REAUTH_GRACE_MS,
  type ClientMessage,
  type ServerMessage,
  type SubscribeMessage,
} from './protocol';
import { Subscription } from './subscription';
import { subscriptionReads } from './system';

/** Who a connection acts as, and until when (ms since the epoch; null: no expiry). */
export interface Caller {
  accountability: Accountability;
  scope: string | null;
  expires: number | null;
  /** What re-resolves this caller (the same credential), after an access change. */
  again(): Promise<Caller>;
}

/** Resolves a credential: an access token from an `auth` message, or none (the cookie). */
export type Authenticate = (token: string | null) => Promise<Caller>;

export interface Transport {
  /** A message, or one already serialised (shared by every member of a read group). */
  send(message: ServerMessage | string): void;
  close(code: number, reason: string): void;
}

const openPerUser = new Map<string, number>();

export const CLOSE_POLICY = 1008;

/**
 * One realtime connection, whatever carries it (WebSocket, or SSE for the one-way part):
 * authentication, subscriptions and item messages, each answered as Directus does.
 */
export class Session {
  private caller: Caller | null = null;
  private readonly subs = new Map<string, Subscription>();
  private authTimer: NodeJS.Timeout | null = null;
  private expiryTimer: NodeJS.Timeout | null = null;
  private counted: string | null = null;
  private closed = false;
  private nextUid = 1;

  constructor(
    private readonly transport: Transport,
    private readonly authenticate: Authenticate,
  ) {
    addSession(this);
    this.authTimer = setTimeout(() => {
      if (this.caller) return;
      this.send(
        errorMessage('auth', { code: 'AUTH_TIMEOUT', message: 'Authentication timed out' }),
      );
      this.transport.close(CLOSE_POLICY, 'auth timeout');
    }, AUTH_TIMEOUT_MS);
    this.authTimer.unref();
  }

  send(message: ServerMessage | string): void {
    if (!this.closed) this.transport.send(message);
  }

  context(): BareContext | null {
    if (!this.caller) return null;
    return {
      db: getDb(),
      accountability: this.caller.accountability,
      scope: this.caller.scope,
      requestId: crypto.randomUUID(),
    };
  }

  /** Signs in from the connection's own credential (the session cookie), if it has one. */
  async open(): Promise<boolean> {
    try {
      await this.signIn(await this.authenticate(null));
      return true;
    } catch {
      return false;
    }
  }

  private async signIn(caller: Caller): Promise<void> {
    const who = caller.accountability;
    if (!who.user) throw new AppError('AUTH_FAILED', 401, 'Authentication failed');
    if (who.assurance < 2 && who.mfaRequired) throw new MfaRequiredError();
    if (this.counted !== who.user) {
      const open = openPerUser.get(who.user) ?? 0;
      if (open >= config().REALTIME_MAX_CONNECTIONS_PER_USER) {
        throw new AppError('REQUESTS_EXCEEDED', 429, 'Too many realtime connections');
      }
      this.uncount();
      openPerUser.set(who.user, open + 1);
      this.counted = who.user;
    }
    this.caller = caller;
    if (this.authTimer) clearTimeout(this.authTimer);
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    if (caller.expires !== null) {
      const wait = Math.max(0, caller.expires - Date.now());
      this.expiryTimer = setTimeout(() => this.expired(), Math.min(wait, 2 ** 31 - 1));
      this.expiryTimer.unref();
    }
  }

  /** The token ran out: the client may send a fresh one for a moment, else the line closes. */
  private expired(): void {
    const before = this.caller;
    this.send(errorMessage('auth', { code: 'TOKEN_EXPIRED', message: 'Token expired' }));
    const grace = setTimeout(() => {
      if (this.caller === before) this.transport.close(CLOSE_POLICY, 'token expired');
    }, REAUTH_GRACE_MS);
    grace.unref();
  }

  private uncount(): void {
    if (!this.counted) return;
    const n = (openPerUser.get(this.counted) ?? 1) - 1;
    if (n <= 0) openPerUser.delete(this.counted);
    else openPerUser.set(this.counted, n);
    this.counted = null;
  }

  async handle(text: string): Promise<void> {
    const parsed = parseClientMessage(text);
    if (parsed.error) return this.send(parsed.error);
    const message = parsed.message!;
    if (message.type === 'auth') return this.auth(message);
    if (message.type === 'pong') return;
    if (message.type === 'ping') return this.send(withUid({ type: 'pong' }, message.uid));
    if (!this.caller || (this.caller.expires !== null && this.caller.expires <= Date.now())) {
      this.send(
        errorMessage(
          message.type,
          { code: 'AUTH_FAILED', message: 'Authenticate first' },
          message.uid,
        ),
      );
      return;
    }
    try {
      await this.dispatch(message);
    } catch (err) {
      this.send(errorMessage(message.type, publicError(err), message.uid));
    }
  }

  private async auth(message: Extract<ClientMessage, { type: 'auth' }>): Promise<void> {
    try {
      if (!message.access_token) throw new AppError('AUTH_FAILED', 401, 'Authentication failed');
      await this.signIn(await this.authenticate(message.access_token));
      this.send(withUid({ type: 'auth', status: 'ok' }, message.uid));
    } catch (err) {
      const e = publicError(err);
      const code =
        e.code === 'REQUESTS_EXCEEDED' || e.code === 'TOKEN_EXPIRED' ? e.code : 'AUTH_FAILED';
      this.send(errorMessage('auth', { code, message: e.message }, message.uid));
      if (!this.caller) this.transport.close(CLOSE_POLICY, 'authentication failed');
    }
  }

  private async dispatch(message: ClientMessage): Promise<void> {
    if (message.type === 'subscribe') return this.subscribe(message);
    if (message.type === 'unsubscribe') return this.unsubscribe(message.uid);
    if (message.type === 'items') {
      const bare = this.context()!;
      const data = await itemsMessage(message, { ...bare, schema: await getSchema(bare.db) });
      this.send(withUid({ type: 'items', data }, message.uid));
    }
  }

  private async subscribe(message: SubscribeMessage): Promise<void> {
    subscriptionReads(message.collection);
    const uid = message.uid ?? `s${this.nextUid++}`;
    const existing = this.subs.get(String(uid));
    if (existing) removeSubscription(existing);
    if (this.subs.size >= config().REALTIME_MAX_SUBSCRIPTIONS && !existing) {
      throw new AppError('REQUESTS_EXCEEDED', 429, 'Too many subscriptions on this connection');
    }
    const sub = new Subscription(
      this,
      message.collection,
      message.uid,
      message.event,
      rawQueryOf(message.query),
      this.caller!.accountability.admin,
    );
    // Registered before the first page is read, so no change in between is missed.
    this.subs.set(String(uid), sub);
    try {
      await addSubscription(sub);
      await sub.start();
    } catch (err) {
      this.subs.delete(String(uid));
      removeSubscription(sub);
      throw err;
    }
  }

  private unsubscribe(uid: string | number | undefined): void {
    if (uid === undefined) {
      for (const sub of this.subs.values()) removeSubscription(sub);
      this.subs.clear();
      return;
    }
    const sub = this.subs.get(String(uid));
    if (sub) removeSubscription(sub);
    this.subs.delete(String(uid));
  }

  ended(sub: Subscription, err: unknown): void {
    const key = [...this.subs].find(([, s]) => s === sub)?.[0];
    if (key === undefined) return;
    this.subs.delete(key);
    removeSubscription(sub);
    const e =
      err instanceof AppError
        ? publicError(err)
        : { code: 'FORBIDDEN', message: 'Subscription ended' };
    this.send(errorMessage('subscribe', e, sub.uid));
  }

  async revalidate(): Promise<void> {
    if (!this.caller || this.closed) return;
    try {
      const caller = await this.caller.again();
      this.caller = { ...caller, expires: this.caller.expires };
    } catch (err) {
      this.send(errorMessage('auth', publicError(err)));
      this.transport.close(CLOSE_POLICY, 'access revoked');
      return;
    }
    for (const sub of [...this.subs.values()]) {
      await sub
        .recheck()
        .then(() => regroupSubscription(sub))
        .catch((err: unknown) => this.ended(sub, err));
    }
  }

  /** The transport went away. */
  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.authTimer) clearTimeout(this.authTimer);
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    for (const sub of this.subs.values()) removeSubscription(sub);
    this.subs.clear();
    this.uncount();
    removeSession(this);
  }
}

function withUid(message: ServerMessage, uid: string | number | undefined): ServerMessage {
  return uid === undefined ? message : { ...message, uid };
}
