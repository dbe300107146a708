/** Builds the body of POST /api/collections from the create dialog's choices. */
export type PrimaryKeyKind = 'integer' | 'uuid' | 'string';
export type OptionalField = 'status' | 'sort' | 'date_created' | 'date_updated';

export interface CollectionDraft {
  name: string;
  /** A folder has no table: it only groups other collections in the list. */
  folder: boolean;
  primaryKey: PrimaryKeyKind;
  optional: OptionalField[];
  note?: string;
  group?: string | null;
}

export interface FieldPayload {
  field: string;
  type: string;
  schema?: Record<string, unknown> | null;
  meta?: Record<string, unknown> | null;
}

export interface CollectionCreateBody {
  collection: string;
  schema: Record<string, unknown> | null;
  meta: Record<string, unknown>;
  fields?: FieldPayload[];
}

const PRIMARY_KEYS: Record<PrimaryKeyKind, FieldPayload> = {
  integer: {
    field: 'id',
    type: 'integer',
    schema: { is_primary_key: true, has_auto_increment: true },
    meta: { interface: 'input', readonly: true, hidden: true, sort: 1 },
  },
  // The column defaults to gen_random_uuid(), so new items get a key without the client.
  uuid: {
    field: 'id',
    type: 'uuid',
    schema: { is_primary_key: true },
    meta: { interface: 'input', readonly: true, hidden: true, sort: 1 },
  },
  string: {
    field: 'id',
    type: 'string',
    schema: { is_primary_key: true, max_length: 255 },
    meta: { interface: 'input', required: true, sort: 1 },
  },
};

export const STATUS_CHOICES = ['published', 'draft', 'archived'] as const;

const OPTIONAL_FIELDS: Record<OptionalField, FieldPayload> = {
  status: {
    field: 'status',
    type: 'string',
    schema: { default_value: 'draft', is_nullable: false, max_length: 255 },
    meta: {
      interface: 'select-dropdown',
      options: { choices: STATUS_CHOICES.map((value) => ({ text: value, value })) },
      width: 'full',
    },
  },
  sort: { field: 'sort', type: 'integer', meta: { interface: 'input', hidden: true } },
  date_created: {
    field: 'date_created',
    type: 'timestamp',
    schema: { default_value: 'now()' },
    meta: { interface: 'datetime', special: ['date-created'], readonly: true, hidden: true },
  },
  date_updated: {
    field: 'date_updated',
    type: 'timestamp',
    schema: { default_value: 'now()' },
    meta: { interface: 'datetime', special: ['date-updated'], readonly: true, hidden: true },
  },
};

export const OPTIONAL_FIELD_ORDER: OptionalField[] = [
  'status',
  'sort',
  'date_created',
  'date_updated',
];

export function collectionCreateBody(draft: CollectionDraft): CollectionCreateBody {
  const meta: Record<string, unknown> = {};
  if (draft.note) meta.note = draft.note;
  if (draft.group) meta.group = draft.group;
  if (draft.folder) return { collection: draft.name, schema: null, meta };

  const chosen = OPTIONAL_FIELD_ORDER.filter((f) => draft.optional.includes(f));
  const fields = [PRIMARY_KEYS[draft.primaryKey], ...chosen.map((f) => OPTIONAL_FIELDS[f])].map(
    (f, i) => ({ ...f, meta: { ...f.meta, sort: i + 1 } }),
  );
  if (chosen.includes('status')) {
    Object.assign(meta, {
      archive_field: 'status',
      archive_value: 'archived',
      unarchive_value: 'draft',
    });
  }
  if (chosen.includes('sort')) meta.sort_field = 'sort';
  return { collection: draft.name, schema: {}, meta, fields };
}
