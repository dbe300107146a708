import 'server-only';
import crypto from 'node:crypto';
import type pg from 'pg';

/**
 * Statements this process sends again and again (a page of a collection, a read by id, a
 * single create) are prepared once per connection, under a name taken from their text: later
 * runs skip the server's parse and plan, which is often more than half of what a small
 * statement costs it. A statement is named from its second sighting, so one-off statements
 * (an unusual filter) don't pile up on the connections.
 *
 * Only outside transactions: after a schema change, a prepared statement whose result
 * columns changed fails once ("cached plan must not change result type"). Alone, it is sent
 * again unnamed and nothing was lost (the server refuses before running it); inside a
 * transaction the failure would abort the whole transaction.
 */
const MAX_COUNTED = 5_000;
const MAX_PER_CONNECTION = 300;
/** Statement text → its hash once seen twice (undefined after the first sighting). */
const sightings = new Map<string, string | undefined>();

interface ConnectionState {
  inTransaction: boolean;
  /** Bumped when the server refused a prepared plan: every name is made anew. */
  generation: number;
  names: Set<string>;
}

type Query = (...args: unknown[]) => Promise<pg.QueryResult>;

/** The text's hash from its second sighting on; null the first time. */
function repeated(text: string): string | null {
  const hash = sightings.get(text);
  if (hash) return hash;
  if (!sightings.has(text)) {
    if (sightings.size >= MAX_COUNTED) sightings.clear();
    sightings.set(text, undefined);
    return null;
  }
  const made = crypto.createHash('sha1').update(text).digest('base64url').slice(0, 22);
  sightings.set(text, made);
  return made;
}

function staleResultType(err: unknown): boolean {
  return (
    err instanceof Error &&
    (err as { code?: string }).code === '0A000' &&
    err.message.includes('cached plan must not change result type')
  );
}

/** Opens and closes transactions as the statements go by (kysely sends them as text). */
function track(state: ConnectionState, text: string): void {
  if (text.length > 64) return;
  const head = text.trimStart().slice(0, 17).toLowerCase();
  if (head.startsWith('begin') || head.startsWith('start transaction')) state.inTransaction = true;
  else if (head === 'commit' || head === 'rollback') state.inTransaction = false;
}

/** Gives a pooled connection named statements (see above); call once per new connection. */
export function prepareRepeatedStatements(client: pg.PoolClient): void {
  const state: ConnectionState = { inTransaction: false, generation: 0, names: new Set() };
  const plain = client.query.bind(client) as Query;
  const query: Query = (text, values, ...rest) => {
    if (typeof text !== 'string' || !Array.isArray(values) || rest.length) {
      return plain(text, values, ...rest);
    }
    track(state, text);
    const hash = state.inTransaction || !values.length ? null : repeated(text);
    if (!hash) return plain(text, values);
    const name = `daas${state.generation}_${hash}`;
    if (!state.names.has(name)) {
      if (state.names.size >= MAX_PER_CONNECTION) return plain(text, values);
      state.names.add(name);
    }
    return plain({ name, text, values }).catch((err: unknown) => {
      if (!staleResultType(err)) throw err;
      state.generation += 1;
      state.names.clear();
      return plain(text, values);
    });
  };
  (client as unknown as { query: Query }).query = query;
}
