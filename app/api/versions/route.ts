import { preflight } from '@/lib/http/cors';
import { versionRoutes as r } from '@/lib/versions/http';

export const GET = r.list;
export const POST = r.create;
export const PATCH = r.updateBatch;
export const DELETE = r.removeBatch;
export const OPTIONS = preflight;
