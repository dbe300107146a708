import type { Accountability } from './accountability';
import type { Db } from './tables';

/** What every service receives besides its input. Nothing below lib/http reads headers. */
export interface RequestContext {
  db: Db;
  accountability: Accountability;
  requestId: string;
  /** Validated scope URI of the request; null = root scope; undefined = no scope context. */
  scope?: string | null;
  /** The request's Origin header, kept in the audit trail (daas_activity.origin). */
  origin?: string | null;
}

/** The same context over another executor, e.g. inside a transaction. */
export function withDb(ctx: RequestContext, db: Db): RequestContext {
  return { ...ctx, db };
}
