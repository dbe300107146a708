import { preflight } from '@/lib/http/cors';
import { stateRoute } from '@/lib/workflows/http';

export const GET = stateRoute;
export const OPTIONS = preflight;
