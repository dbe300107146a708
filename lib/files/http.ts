import 'server-only';
import { Readable } from 'node:stream';
import type { RequestContext } from '@/lib/core/context';
import { UnsupportedMediaTypeError } from '@/lib/core/errors';
import { parseWith } from '@/lib/core/parse';
import type { ApiRequest } from '@/lib/http/api-request';
import type { ItemsQueryInput } from '@/lib/items/parse';
import { readJsonBody } from '@/lib/http/input';
import { serveAsset } from './assets';
import { fileFields, files, removeFiles } from './service';
import type { AssetQuery } from './transform';
import { replaceFile, uploadFiles, type UploadBody } from './upload';

/** The HTTP binding of files and assets: multipart bodies, range headers, streamed bytes. */

function isMultipart(request: ApiRequest): boolean {
  return /^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '');
}

function upload(request: ApiRequest): UploadBody {
  if (!isMultipart(request) || !request.body) {
    throw new UnsupportedMediaTypeError('Upload files as multipart/form-data');
  }
  return {
    contentType: request.headers.get('content-type') ?? '',
    body: Readable.fromWeb(request.body as import('node:stream/web').ReadableStream),
  };
}

export async function uploadReply(input: { request: ApiRequest }, ctx: RequestContext) {
  const created = await uploadFiles(upload(input.request), ctx);
  return created.length === 1 ? created[0] : created;
}

/** PATCH /files/:id: JSON changes the metadata, multipart replaces the bytes too. */
export async function updateFileReply(
  input: { params: { id: string }; query: ItemsQueryInput; request: ApiRequest },
  ctx: RequestContext,
) {
  if (isMultipart(input.request)) {
    return replaceFile({ id: input.params.id, ...upload(input.request) }, ctx);
  }
  const body = parseWith(fileFields, await readJsonBody(input.request), 'payload');
  return files.update({ params: input.params, query: input.query, body }, ctx);
}

export async function deleteFileReply(input: { params: { id: string } }, ctx: RequestContext) {
  await removeFiles(ctx, [input.params.id], true);
}

export async function deleteFilesReply(
  input: { body: (string | number)[] | { keys: (string | number)[] } },
  ctx: RequestContext,
) {
  const keys = Array.isArray(input.body) ? input.body : input.body.keys;
  await removeFiles(ctx, keys, false);
}

export async function assetReply(
  input: { params: { id: string }; query: AssetQuery; request: ApiRequest },
  ctx: RequestContext,
): Promise<Response> {
  const h = input.request.headers;
  const answer = await serveAsset(
    {
      id: input.params.id,
      query: input.query,
      accept: h.get('accept'),
      range: h.get('range'),
      ifNoneMatch: h.get('if-none-match'),
      ifModifiedSince: h.get('if-modified-since'),
    },
    ctx,
  );
  const body = answer.body ? (Readable.toWeb(answer.body) as ReadableStream<Uint8Array>) : null;
  return new Response(body, { status: answer.status, headers: answer.headers });
}
