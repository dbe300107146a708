import { RouteNotFoundError } from '@/lib/core/errors';
import { preflight } from '@/lib/http/cors';
import { route } from '@/lib/http/route';

const notFound = route({ access: 'public', summary: 'Unknown API path' }, async () => {
  throw new RouteNotFoundError();
});

export const GET = notFound;
export const POST = notFound;
export const PATCH = notFound;
export const PUT = notFound;
export const DELETE = notFound;
export const OPTIONS = preflight;
