import 'server-only';
import type { z } from 'zod';
import { listReply } from '@/lib/http/reply';
import { route, type Access, type RouteHandler } from '@/lib/http/route';
import { itemsQuerySchema } from '@/lib/items/parse';
import {
  batchDeleteBody,
  batchUpdateBody,
  idParams,
  type Item,
  type SystemService,
} from './system-collection';

interface Bodies {
  create: z.ZodType<Item | Item[]>;
  update: z.ZodType<Item>;
  /** OpenAPI tag and the plural noun of the summaries: `Users`, `users`. */
  tag: string;
  noun: string;
  /** Who may write at all, before the permission checks: `user` (default) or `admin`. */
  writeAccess?: Access;
}

interface Names {
  tag: string;
  noun: string;
  /** Who may call at all, before the permission checks: `user` (default) or `admin`. */
  access?: Access;
}

/** The reading endpoints of one system collection: the list and one item by id. */
export function readRoutes(service: SystemService, b: Names): Record<string, RouteHandler> {
  const tags = [b.tag];
  const query = itemsQuerySchema;
  const access = b.access;
  return {
    list: route({ query, access, summary: `List ${b.noun}`, tags }, async (i, ctx) =>
      listReply(await service.list(i, ctx)),
    ),
    readOne: route(
      { params: idParams, query, access, summary: `One of the ${b.noun}`, tags },
      (i, ctx) => service.readOne(i, ctx),
    ),
  };
}

/** The Directus-shaped endpoints of one system collection, for its two route files (its HTTP binding). */
export function systemRoutes(service: SystemService, b: Bodies): Record<string, RouteHandler> {
  const tags = [b.tag];
  const query = itemsQuerySchema;
  const access = b.writeAccess;
  return {
    ...readRoutes(service, b),
    create: route(
      {
        query,
        access,
        body: b.create,
        status: 201,
        summary: `Create ${b.noun} (object or array)`,
        tags,
      },
      (i, ctx) => service.create(i, ctx),
    ),
    updateBatch: route(
      {
        query,
        access,
        body: batchUpdateBody(b.update),
        summary: `Update ${b.noun} by keys or query`,
        tags,
      },
      (i, ctx) => service.updateBatch(i, ctx),
    ),
    removeBatch: route(
      { access, body: batchDeleteBody, status: 204, summary: `Delete ${b.noun} by keys`, tags },
      (i, ctx) => service.removeBatch(i, ctx),
    ),
    update: route(
      {
        params: idParams,
        query,
        access,
        body: b.update,
        summary: `Update one of the ${b.noun}`,
        tags,
      },
      (i, ctx) => service.update(i, ctx),
    ),
    remove: route(
      { params: idParams, access, status: 204, summary: `Delete one of the ${b.noun}`, tags },
      (i, ctx) => service.remove(i, ctx),
    ),
  };
}
