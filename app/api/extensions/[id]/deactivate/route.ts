import { preflight } from '@/lib/http/cors';
import { deactivateRoute } from '@/lib/runtime/http';

export const POST = deactivateRoute;
export const OPTIONS = preflight;
