import 'server-only';
import { listReply } from '@/lib/http/reply';
import { route, type RouteHandler } from '@/lib/http/route';
import { itemsQuerySchema } from '@/lib/items/parse';
import * as versions from './service';
import { listVersions, readVersion } from './read';

/** The HTTP binding of /api/versions (Directus 11 content versions). */
const tags = ['Versions'];
const params = versions.versionParams;

export const versionRoutes: Record<string, RouteHandler> = {
  list: route({ query: itemsQuerySchema, summary: 'List content versions', tags }, async (i, ctx) =>
    listReply(await listVersions(i, ctx)),
  ),
  create: route(
    {
      body: versions.createVersionsBody,
      status: 201,
      summary: 'Create content versions of items (object or array)',
      tags,
    },
    (i, ctx) => versions.createVersions(i, ctx),
  ),
  updateBatch: route(
    { body: versions.batchUpdateBody, summary: 'Rename content versions by keys', tags },
    (i, ctx) => versions.updateVersions(i, ctx),
  ),
  removeBatch: route(
    { body: versions.batchDeleteBody, status: 204, summary: 'Delete content versions', tags },
    (i, ctx) => versions.deleteVersions(i, ctx),
  ),
  readOne: route({ params, summary: 'One content version', tags }, (i, ctx) => readVersion(i, ctx)),
  update: route(
    { params, body: versions.versionChange, summary: 'Rename a content version', tags },
    (i, ctx) => versions.updateVersion(i, ctx),
  ),
  remove: route({ params, status: 204, summary: 'Delete a content version', tags }, (i, ctx) =>
    versions.deleteVersion(i, ctx),
  ),
  save: route(
    {
      params,
      body: versions.saveBody,
      summary: 'Merge a partial item into the version; answers the item as the version shows it',
      tags,
    },
    (i, ctx) => versions.saveVersion(i, ctx),
  ),
  compare: route(
    {
      params,
      summary: 'The version beside the main item: {current, main, mainHash, outdated}',
      tags,
    },
    (i, ctx) => versions.compareVersion(i, ctx),
  ),
  promote: route(
    {
      params,
      body: versions.promoteBody,
      summary: 'Write the version to the main item (409 when the main item changed since mainHash)',
      tags,
    },
    (i, ctx) => versions.promoteVersion(i, ctx),
  ),
};
