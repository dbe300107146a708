/** A content version as GET /api/versions shows it (the delta only with readable fields). */
export interface ContentVersion {
  id: string;
  key: string;
  name: string | null;
  collection: string;
  item: string;
  hash: string | null;
  delta: Record<string, unknown> | null;
  date_created: string;
  date_updated: string | null;
  user_created: string | null;
  user_updated: string | null;
}

/** GET /api/versions/:id/compare */
export interface VersionComparison {
  outdated: boolean;
  mainHash: string;
  current: Record<string, unknown>;
  main: Record<string, unknown>;
}
