import { preflight } from '@/lib/http/cors';
import { readRoutes } from '@/lib/system/http';
import { instances } from '@/lib/workflows/definitions';

const r = readRoutes(instances, { tag: 'Workflows', noun: 'workflow instances' });

export const GET = r.readOne;
export const OPTIONS = preflight;
