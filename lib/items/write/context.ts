import type { RequestContext } from '@/lib/core/context';

/** The request context plus what the audit trail records about where a write came from. */
export interface ItemsContext extends RequestContext {
  /** The request's Origin header, kept in daas_activity.origin. */
  origin?: string | null;
}
