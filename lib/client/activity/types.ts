/** One row of `GET /api/activity`. */
export interface ActivityEntry {
  id: number;
  action: string;
  user: string | null;
  timestamp: string;
  ip: string | null;
  user_agent: string | null;
  collection: string;
  item: string;
  origin: string | null;
  comment: string | null;
}

export interface ActivityFilters {
  user?: string;
  collection?: string;
  /** One item of the collection (its key as text). */
  item?: string;
  action?: string;
  /** Inclusive day bounds, `YYYY-MM-DD` (UTC). */
  from?: string;
  to?: string;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  /** Rows matching the filters. */
  total: number;
}

/** Actions per UTC day: `day` is `YYYY-MM-DD`, counts keyed by action. */
export interface ActivityDay {
  day: string;
  counts: Record<string, number>;
  total: number;
}
