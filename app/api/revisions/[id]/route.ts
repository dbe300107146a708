import { revisions } from '@/lib/activity/services';
import { preflight } from '@/lib/http/cors';
import { readRoutes } from '@/lib/system/http';

const r = readRoutes(revisions, { tag: 'Revisions', noun: 'revisions', access: 'admin' });

export const GET = r.readOne;
export const OPTIONS = preflight;
