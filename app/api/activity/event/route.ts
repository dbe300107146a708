import { activityEventBody, activityRecord, logActivityEvent } from '@/lib/activity/events';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    body: activityEventBody,
    status: 201,
    summary: 'Log a non-database event in the activity log (60 per minute per caller)',
    tags: ['Activity'],
    response: activityRecord,
  },
  (input, ctx) =>
    logActivityEvent({ body: input.body, origin: input.request.headers.get('origin') }, ctx),
);
export const OPTIONS = preflight;
