import { preflight } from '@/lib/http/cors';
import { serviceRoutes as r } from '@/lib/runtime/http';

export const GET = r.readOne;
export const PATCH = r.update;
export const DELETE = r.remove;
export const OPTIONS = preflight;
