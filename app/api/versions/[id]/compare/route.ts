import { preflight } from '@/lib/http/cors';
import { versionRoutes as r } from '@/lib/versions/http';

export const GET = r.compare;
export const OPTIONS = preflight;
