import 'server-only';
import { z } from 'zod';
import { queryObject, readJsonBody } from '@/lib/http/input';
import { jsonReply, RawReply } from '@/lib/http/reply';
import { route } from '@/lib/http/route';
import { itemsQuerySchema } from '@/lib/items/parse';
import { listReply } from '@/lib/http/reply';
import {
  batchDeleteBody,
  batchUpdateBody,
  idParams,
  type Item,
  type SystemService,
} from '@/lib/system/system-collection';
import { createCronBody, cron, cronFields, cronRuns, triggerCron } from './cron';
import { createServicesBody, customServices, serviceFields } from './custom-services';
import { callEndpoint, type EndpointResult } from './endpoint';
import { createExtensionsBody, extensionFields, extensions, setEnabled } from './extensions';

/** The item-style endpoints of one admin-only system collection (its two route files). */
function adminRoutes(
  service: SystemService,
  b: { create: z.ZodType<Item | Item[]>; update: z.ZodType<Item>; tag: string; noun: string },
) {
  const tags = [b.tag];
  const query = itemsQuerySchema;
  const access = 'admin' as const;
  return {
    list: route({ query, access, summary: `List ${b.noun}`, tags }, async (i, ctx) =>
      listReply(await service.list(i, ctx)),
    ),
    readOne: route(
      { params: idParams, query, access, summary: `One of the ${b.noun}`, tags },
      (i, ctx) => service.readOne(i, ctx),
    ),
    create: route(
      { query, access, body: b.create, status: 201, summary: `Create ${b.noun}`, tags },
      (i, ctx) => service.create(i, ctx),
    ),
    updateBatch: route(
      { query, access, body: batchUpdateBody(b.update), summary: `Update ${b.noun}`, tags },
      (i, ctx) => service.updateBatch(i, ctx),
    ),
    removeBatch: route(
      { body: batchDeleteBody, access, status: 204, summary: `Delete ${b.noun}`, tags },
      (i, ctx) => service.removeBatch(i, ctx),
    ),
    update: route(
      { params: idParams, query, access, body: b.update, summary: `Update one of ${b.noun}`, tags },
      (i, ctx) => service.update(i, ctx),
    ),
    remove: route(
      { params: idParams, access, status: 204, summary: `Delete one of ${b.noun}`, tags },
      (i, ctx) => service.remove(i, ctx),
    ),
  };
}

/** `/api/cron`: admin only. */
export const cronRoutes = adminRoutes(cron, {
  create: createCronBody,
  update: cronFields,
  tag: 'Cron',
  noun: 'cron jobs',
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
export const serviceRoutes = adminRoutes(customServices, {
  create: createServicesBody,
  update: serviceFields,
  tag: 'Services',
  noun: 'services',
});

/** `/api/extensions`: admin only. */
export const extensionRoutes = adminRoutes(extensions, {
  create: createExtensionsBody,
  update: extensionFields,
  tag: 'Extensions',
  noun: 'extensions',
});

export const activateRoute = route(
  { params: idParams, access: 'admin', summary: 'Enable an extension', tags: ['Extensions'] },
  (input, ctx) => setEnabled(input.params.id, true, ctx),
);

export const deactivateRoute = route(
  { params: idParams, access: 'admin', summary: 'Disable an extension', tags: ['Extensions'] },
  (input, ctx) => setEnabled(input.params.id, false, ctx),
);

const extParams = z.object({
  name: z.string().min(1).max(255),
  path: z.array(z.string()).optional(),
});

/** How an endpoint extension's answer goes out: JSON for values, text for strings. */
function endpointReply(out: EndpointResult) {
  if (typeof out.body === 'string') {
    return new RawReply(out.body, {
      status: out.status,
      headers: { 'content-type': 'text/plain; charset=utf-8', ...out.headers },
    });
  }
  if (out.body === undefined || out.body === null) {
    return new RawReply('', { status: out.status, headers: out.headers });
  }
  return jsonReply(out.body, { status: out.status, headers: out.headers });
}

/** `/api/ext/<name>/*`, every method: anyone may call; the extension sees who. */
export const extEndpointRoute = route(
  {
    params: extParams,
    access: 'public',
    summary: 'Custom endpoint extension',
    tags: ['Extensions'],
  },
  async (input, ctx) => {
    const url = new URL(input.request.url);
    const method = input.request.method.toUpperCase();
    const body =
      method === 'GET' || method === 'HEAD' ? undefined : await readJsonBody(input.request);
    const out = await callEndpoint(
      input.params.name,
      {
        method,
        path: `/${(input.params.path ?? []).join('/')}`,
        query: queryObject(url),
        body: body ?? null,
      },
      ctx,
    );
    return endpointReply(out);
  },
);
