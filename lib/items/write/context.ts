import type { RequestContext } from '@/lib/core/context';

/** The context of item writes: the request context, whose `origin` the audit trail records. */
export type ItemsContext = RequestContext;
