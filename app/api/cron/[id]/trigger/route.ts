import { preflight } from '@/lib/http/cors';
import { triggerCronRoute } from '@/lib/runtime/http';

export const POST = triggerCronRoute;
export const OPTIONS = preflight;
