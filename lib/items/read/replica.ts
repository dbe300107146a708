import 'server-only';
import type { RequestContext } from '@/lib/core/context';
import { getDb, stablePlanDb, type Db } from '@/lib/db/client';
import { readOnReplica } from '@/lib/db/replica';
import type { SchemaOverview } from '@/lib/schema/overview';
import type { Query } from '../query';
import { readTables } from '@/lib/schema/read-tables';
import { isRestricted, type NodeAccess, type ReadAccess } from './read-access';

const USER_ROW = '$CURRENT_USER.';

function accessReadsUserRow(access: NodeAccess, schema: SchemaOverview, collection: string) {
  if (JSON.stringify(access.filter ?? null).includes(USER_ROW)) return true;
  if (!access.fieldFilter) return false;
  const fields =
    access.fields === '*'
      ? Object.keys(schema.collections[collection]?.fields ?? {})
      : access.fields;
  for (const f of fields) {
    if (JSON.stringify(access.fieldFilter(f) ?? null).includes(USER_ROW)) return true;
  }
  return false;
}

/**
 * Whether the read compares rows with the caller's own user row (`$CURRENT_USER.<field>` in
 * the query or in a permission of any collection it can reach). That row decides access, so
 * it is read where access is decided: on the primary, never as it was some time ago.
 */
function readsUserRow(input: ReplicaRead): boolean {
  if (JSON.stringify(input.query).includes(USER_ROW)) return true;
  const { readAccess, schema } = input;
  if (!isRestricted(readAccess)) return false;
  for (const t of readTables(schema, input.collection, true)) {
    let access: NodeAccess;
    try {
      access = readAccess(t);
    } catch {
      continue; // not readable at all: the read itself refuses what reaches it
    }
    if (accessReadsUserRow(access, schema, t)) return true;
  }
  return false;
}

export interface ReplicaRead {
  ctx: RequestContext;
  /** The service allows this read on the replica (item and file data, never access data). */
  replica: boolean | undefined;
  schema: SchemaOverview;
  collection: string;
  query: Query;
  readAccess: ReadAccess | undefined;
}

/** The ReplicaRead of a prepared read. */
export function replicaRead(
  ctx: RequestContext,
  prepared: { schema: SchemaOverview; query: Query; readAccess?: ReadAccess },
  collection: string,
  replica: boolean | undefined,
): ReplicaRead {
  const { schema, query, readAccess } = prepared;
  return { ctx, replica, schema, collection, query, readAccess };
}

/**
 * Runs a read's statements on the replica when this one may lag (see lib/db/replica for
 * when a request may use it), on the primary otherwise or when the replica cannot answer.
 * On the primary, outside a transaction, a statement with one best plan whatever its values
 * (`stablePlan`, see planStable) goes to the connections that keep their plans.
 */
export function onReadDb<T>(
  input: ReplicaRead,
  work: (db: Db) => Promise<T>,
  stablePlan = false,
): Promise<T> {
  const { ctx } = input;
  const primary =
    stablePlan && !ctx.db.isTransaction && ctx.db === getDb() ? (stablePlanDb() ?? ctx.db) : ctx.db;
  if (!input.replica || !ctx.reads || ctx.db.isTransaction || readsUserRow(input)) {
    return work(primary);
  }
  const replica = ctx.reads.replica();
  return replica ? readOnReplica(replica, ctx.db, work) : work(primary);
}
