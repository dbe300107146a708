import { preflight } from '@/lib/http/cors';
import { activateRoute } from '@/lib/runtime/http';

export const POST = activateRoute;
export const OPTIONS = preflight;
