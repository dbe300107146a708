import { z } from 'zod';
import { AppError } from '@/lib/core/errors';

/**
 * Directus's realtime protocol (its `/websocket`): JSON messages with a `type`, answered with
 * the same `type`; an optional client-chosen `uid` ties an answer to its message. Errors are
 * `{type, status: 'error', error: {code, message}, uid?}`.
 */

/** The longest message a client may send; a larger one closes the connection. */
export const MAX_MESSAGE_BYTES = 64 * 1024;
/** Unanswered pings before a connection counts as dead; the interval between them. */
export const HEARTBEAT_MS = 30_000;
/** How long an unauthenticated connection may stay open before its first `auth`. */
export const AUTH_TIMEOUT_MS = 10_000;
/** How long a connection whose token expired waits for a fresh one before it closes. */
export const REAUTH_GRACE_MS = 5_000;

const uid = z.union([z.string().max(200), z.number()]).optional();
const queryValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string(), z.number()])),
  z.record(z.string(), z.unknown()),
]);
export const realtimeQuery = z.record(z.string().max(64), queryValue);
export type RealtimeQuery = z.infer<typeof realtimeQuery>;

const collection = z.string().min(1).max(64);
const key = z.union([z.string().min(1).max(255), z.number()]);
const itemData = z.record(z.string(), z.unknown());

export const clientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    access_token: z.string().min(1).max(8192).optional(),
    uid,
  }),
  z.object({ type: z.literal('ping'), uid }),
  z.object({ type: z.literal('pong'), uid }),
  z.object({
    type: z.literal('subscribe'),
    collection,
    query: realtimeQuery.optional(),
    event: z.enum(['create', 'update', 'delete']).optional(),
    uid,
  }),
  z.object({ type: z.literal('unsubscribe'), uid }),
  z.object({
    type: z.literal('items'),
    action: z.enum(['create', 'read', 'update', 'delete']),
    collection,
    id: key.optional(),
    ids: z.array(key).max(1000).optional(),
    data: z.union([itemData, z.array(itemData).max(1000)]).optional(),
    query: realtimeQuery.optional(),
    uid,
  }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;
export type SubscribeMessage = Extract<ClientMessage, { type: 'subscribe' }>;
export type ItemsMessage = Extract<ClientMessage, { type: 'items' }>;

export type ServerMessage = Record<string, unknown> & { type: string };

const KNOWN = new Set(['auth', 'ping', 'pong', 'subscribe', 'unsubscribe', 'items']);

export interface ParsedMessage {
  message?: ClientMessage;
  /** The answer to a message that could not be taken. */
  error?: ServerMessage;
}

export function errorMessage(
  type: string,
  err: { code: string; message: string },
  uid?: string | number,
): ServerMessage {
  const body: ServerMessage = {
    type,
    status: 'error',
    error: { code: err.code, message: err.message },
  };
  if (uid !== undefined) body.uid = uid;
  return body;
}

/** What a failure tells the client: an AppError's code and text, anything else nothing. */
export function publicError(err: unknown): { code: string; message: string } {
  if (err instanceof AppError) return { code: err.code, message: err.message };
  return { code: 'INTERNAL_SERVER_ERROR', message: 'An unexpected error occurred.' };
}

/** One text frame into a message, or the error answer Directus gives for it. */
export function parseClientMessage(text: string): ParsedMessage {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {
      error: errorMessage('unknown', { code: 'INVALID_PAYLOAD', message: 'Unable to parse JSON' }),
    };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return {
      error: errorMessage('unknown', {
        code: 'INVALID_PAYLOAD',
        message: 'A message must be a JSON object',
      }),
    };
  }
  const obj = raw as Record<string, unknown>;
  const type = typeof obj.type === 'string' ? obj.type.slice(0, 32) : 'unknown';
  const id = typeof obj.uid === 'string' || typeof obj.uid === 'number' ? obj.uid : undefined;
  if (!KNOWN.has(type)) {
    return {
      error: errorMessage(
        'unknown',
        { code: 'INVALID_PAYLOAD', message: `Unknown message type "${type}"` },
        id,
      ),
    };
  }
  const parsed = clientMessage.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at "${issue.path.join('.')}"` : '';
    return {
      error: errorMessage(
        type,
        { code: 'INVALID_PAYLOAD', message: `Invalid message${where}: ${issue?.message ?? ''}` },
        id,
      ),
    };
  }
  return { message: parsed.data };
}

/** A subscription's query as the URL query parser takes it (JSON for objects). */
export function rawQueryOf(query: RealtimeQuery | undefined): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) out[name] = value.map(String);
    else if (typeof value === 'object') out[name] = JSON.stringify(value);
    else out[name] = String(value);
  }
  return out;
}
