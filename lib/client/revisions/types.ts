/** A revision as `GET /api/revisions` returns it, with its activity's time, action and user. */
export interface Revision {
  id: number;
  collection: string;
  item: string;
  /** The whole item after this change. */
  data: Record<string, unknown> | null;
  /** Only what this change set. */
  delta: Record<string, unknown> | null;
  activity: { timestamp: string; action: string; user: string | null } | null;
}

export interface RevisionsPage {
  data: Revision[];
  meta: { total: number; total_estimated: boolean };
}
