import { preflight } from '@/lib/http/cors';
import { serviceRoutes as r } from '@/lib/runtime/http';

export const GET = r.list;
export const POST = r.create;
export const PATCH = r.updateBatch;
export const DELETE = r.removeBatch;
export const OPTIONS = preflight;
