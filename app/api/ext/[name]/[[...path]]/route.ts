import { preflight } from '@/lib/http/cors';
import { extEndpointRoute } from '@/lib/runtime/http';

export const GET = extEndpointRoute;
export const POST = extEndpointRoute;
export const PATCH = extEndpointRoute;
export const PUT = extEndpointRoute;
export const DELETE = extEndpointRoute;
export const OPTIONS = preflight;
