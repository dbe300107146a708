import 'server-only';
import type { Readable } from 'node:stream';
import type { RequestContext } from '@/lib/core/context';
import { NotFoundError } from '@/lib/core/errors';
import { files } from './service';
import { isActiveContent } from './sniff';
import { storage } from './storage';
import type { ByteRange } from './storage/types';
import {
  ensureTransformed,
  transformKey,
  transformOf,
  transformType,
  type AssetQuery,
} from './transform';

/** What a request asks of an asset besides the query: its conditional and range headers. */
export interface AssetRequest {
  id: string;
  query: AssetQuery;
  accept: string | null;
  range: string | null;
  ifNoneMatch: string | null;
  ifModifiedSince: string | null;
}

export interface AssetAnswer {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  body: Readable | null;
}

interface FileRow {
  id: string;
  type: string | null;
  filesize: number | string | null;
  filename_disk: string | null;
  filename_download: string | null;
  storage: string;
  modified_on: string | null;
}

/** Reads the file's row as the caller may: no read permission, no bytes. */
async function fileRow(id: string, ctx: RequestContext): Promise<FileRow> {
  const fields = [
    'id',
    'type',
    'filesize',
    'filename_disk',
    'filename_download',
    'storage',
    'modified_on',
  ];
  const row = (await files.readOne(
    { params: { id }, query: { fields } },
    ctx,
  )) as unknown as FileRow;
  if (!row.filename_disk) throw new NotFoundError('File has no stored bytes');
  return row;
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; anything else (several ranges) serves the whole. */
function parseRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function notModified(req: AssetRequest, etag: string, modified: Date | null): boolean {
  if (req.ifNoneMatch !== null) {
    return req.ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*');
  }
  if (req.ifModifiedSince && modified) {
    const since = Date.parse(req.ifModifiedSince);
    return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

/**
 * GET /assets/:id: the stored bytes (or a cached transform of them) with validators and
 * ranges. Markup that a browser could run is never shown inline from our origin.
 */
export async function serveAsset(req: AssetRequest, ctx: RequestContext): Promise<AssetAnswer> {
  const row = await fileRow(req.id, ctx);
  const driver = storage(row.storage);
  const type = row.type ?? 'application/octet-stream';
  const t = transformOf(req.query, type, req.accept);
  const key = t ? transformKey(row.id, t) : row.filename_disk!;
  const size = t
    ? await ensureTransformed(driver, row.filename_disk!, key, t)
    : ((await driver.size(key)) ?? Number(row.filesize ?? 0));
  const modified = row.modified_on ? new Date(row.modified_on) : null;
  const etag = `"${row.id}-${modified?.getTime() ?? 0}-${size}${t ? `-${key.slice(-28, -5)}` : ''}"`;
  const headers: Record<string, string> = {
    etag,
    'accept-ranges': 'bytes',
    'cache-control': 'private, max-age=0, must-revalidate',
    'x-content-type-options': 'nosniff',
    'content-type': t ? transformType(t) : type,
  };
  if (modified) headers['last-modified'] = modified.toUTCString();
  if (t) headers.vary = 'Accept';
  const name = row.filename_download ?? `${row.id}`;
  const active = isActiveContent(type);
  if (req.query.download !== undefined || active) {
    headers['content-disposition'] = contentDisposition('attachment', name);
  } else headers['content-disposition'] = contentDisposition('inline', name);
  if (active) headers['content-security-policy'] = "default-src 'none'; sandbox";

  if (notModified(req, etag, modified)) return { status: 304, headers, body: null };
  const range = parseRange(req.range, size);
  if (range === 'unsatisfiable') {
    return { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` }, body: null };
  }
  if (range) {
    headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
    headers['content-length'] = String(range.end - range.start + 1);
    return { status: 206, headers, body: await driver.read(key, range) };
  }
  headers['content-length'] = String(size);
  return { status: 200, headers, body: await driver.read(key) };
}
