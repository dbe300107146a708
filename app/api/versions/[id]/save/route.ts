import { preflight } from '@/lib/http/cors';
import { versionRoutes as r } from '@/lib/versions/http';

export const POST = r.save;
export const OPTIONS = preflight;
