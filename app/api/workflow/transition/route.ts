import { preflight } from '@/lib/http/cors';
import { transitionRoute } from '@/lib/workflows/http';

export const POST = transitionRoute;
export const OPTIONS = preflight;
