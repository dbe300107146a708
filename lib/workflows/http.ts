import 'server-only';
import { z } from 'zod';
import { scopeGiven } from '@/lib/http/caller';
import { route } from '@/lib/http/route';
import { itemWorkflows, transition, transitionBody } from './transition';

/** The HTTP binding of the workflow endpoints (the collections use lib/system/http). */

// Absent scope: the flat view (policies at every scope); empty: the root; a URI: that
// scope with its ancestors (resolved, 400 or 403, before the handler runs).
export const transitionRoute = route(
  {
    body: transitionBody,
    summary: "Run a workflow command on an item (policies and module key at the request's scope)",
    tags: ['Workflows'],
  },
  (input, ctx) =>
    transition(
      {
        body: input.body,
        flat: !scopeGiven(input.request),
        origin: input.request.headers.get('origin'),
      },
      ctx,
    ),
);

export const stateRoute = route(
  {
    query: z.object({
      collection: z.string().min(1).max(64),
      item: z.string().min(1).max(255),
    }),
    summary:
      "An item's workflows: state and the commands, each saying whether the caller may run it",
    tags: ['Workflows'],
  },
  (input, ctx) => itemWorkflows({ ...input.query, flat: !scopeGiven(input.request) }, ctx),
);
