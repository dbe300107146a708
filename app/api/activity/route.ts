import { activity } from '@/lib/activity/services';
import { preflight } from '@/lib/http/cors';
import { readRoutes } from '@/lib/system/http';

const r = readRoutes(activity, { tag: 'Activity', noun: 'activity entries' });

export const GET = r.list;
export const OPTIONS = preflight;
