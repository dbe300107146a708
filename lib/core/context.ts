import type { Accountability } from './accountability';
import type { SchemaOverview } from './schema-overview';
import type { Db } from './tables';

/**
 * Where a request's lag-tolerant reads go (DATABASE_READ_URL). Absent without a replica:
 * everything reads the primary, which is also where everything security-relevant reads.
 */
export interface ReadRouting {
  /** The replica for a read that may lag, now; null: read the primary. */
  replica(): Db | null;
  /** Whether this request's reads go to the primary whatever they are (it or its caller wrote). */
  primaryOnly(): boolean;
  /** A write happened: this request's later reads, and the caller's for a while, use the primary. */
  wrote(): void;
}

/**
 * A context without the schema overview: for the probes (ping, health) that must answer
 * while the database is down, so they never wait for an introspection.
 */
export interface BareContext {
  db: Db;
  accountability: Accountability;
  requestId: string;
  /** Validated scope URI of the request; null = root scope; undefined = no scope context. */
  scope?: string | null;
  /** The request's Origin header, kept in the audit trail (daas_activity.origin). */
  origin?: string | null;
  reads?: ReadRouting;
}

/** What every service receives besides its input. Nothing below lib/http reads headers. */
export interface RequestContext extends BareContext {
  /**
   * The cached schema overview, taken once when the context is made. A service that changes
   * the schema and reads it back afterwards reloads it (`reloadSchema` in lib/schema).
   */
  schema: SchemaOverview;
}

/** The same context over another executor, e.g. inside a transaction. */
export function withDb(ctx: RequestContext, db: Db): RequestContext {
  return { ...ctx, db };
}
