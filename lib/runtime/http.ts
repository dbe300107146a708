import 'server-only';
import { route } from '@/lib/http/route';
import { systemRoutes } from '@/lib/services/http';
import { idParams } from '@/lib/services/system-collection';
import { createCronBody, cron, cronFields, cronRuns, triggerCron } from './cron';
import { createServicesBody, customServices, serviceFields } from './custom-services';

/** `/api/cron`: admin only. */
export const cronRoutes = systemRoutes(cron, {
  create: createCronBody,
  update: cronFields,
  tag: 'Cron',
  noun: 'cron jobs',
  access: 'admin',
});

export const triggerCronRoute = route(
  { params: idParams, access: 'admin', summary: 'Run a cron job now', tags: ['Cron'] },
  (input, ctx) => triggerCron(input.params.id, ctx),
);

export const cronRunsRoute = route(
  { params: idParams, access: 'admin', summary: 'The latest runs of a cron job', tags: ['Cron'] },
  (input, ctx) => cronRuns(input.params.id, ctx),
);

/** `/api/services`: admin only. */
export const serviceRoutes = systemRoutes(customServices, {
  create: createServicesBody,
  update: serviceFields,
  tag: 'Services',
  noun: 'services',
  access: 'admin',
});
