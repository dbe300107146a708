import { preflight } from '@/lib/http/cors';
import { versionRoutes as r } from '@/lib/versions/http';

export const GET = r.readOne;
export const PATCH = r.update;
export const DELETE = r.remove;
export const OPTIONS = preflight;
