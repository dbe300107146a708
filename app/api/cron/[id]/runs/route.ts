import { preflight } from '@/lib/http/cors';
import { cronRunsRoute } from '@/lib/runtime/http';

export const GET = cronRunsRoute;
export const OPTIONS = preflight;
