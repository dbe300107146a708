/** A saved view as `/api/presets` stores it (Directus's presets resource). */
export interface Preset {
  id: number;
  /** A name makes it a bookmark; null is the user's last-used view of the collection. */
  bookmark: string | null;
  user: string | null;
  role: string | null;
  collection: string;
  search: string | null;
  layout: string | null;
  /** Per layout: `{tabular: {fields, sort, page, limit}}`. */
  layout_query: Record<string, LayoutQuery> | null;
  layout_options: Record<string, unknown> | null;
  refresh_interval: number | null;
  filter: Record<string, unknown> | null;
  icon: string | null;
  color: string | null;
}

export interface LayoutQuery {
  fields?: string[];
  sort?: string[];
  limit?: number;
  page?: number;
}

export type PresetInput = Partial<Omit<Preset, 'id'>>;
