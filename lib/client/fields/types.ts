import type { FieldOverview } from '@/lib/schema/overview';

/** One field as `GET /api/fields/:collection` answers it: type, column `schema`, `meta`. */
export type Field = FieldOverview;
