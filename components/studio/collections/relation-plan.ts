/**
 * Relations are set up as an ordered list of API calls (fields first, then the relations
 * that point at them), so the studio can show progress and say exactly which step failed.
 * Pure: building a plan makes no request; relation-setup-mutation.ts runs it.
 */
import type { ReferentialAction } from '@/lib/client/collections/schema-types';
import type { SetupStep } from '@/lib/client/relations/types';

export type { SetupStep };

export type KeyType = 'integer' | 'bigInteger' | 'uuid' | 'string';

export interface FieldExtras {
  note?: string | null;
  required?: boolean;
  sort?: number;
}

const enc = encodeURIComponent;

export function fieldStep(
  collection: string,
  body: { field: string; type: string; meta: Record<string, unknown>; schema?: object },
): SetupStep {
  return {
    kind: 'field',
    target: `${collection}.${body.field}`,
    method: 'POST',
    path: `/api/fields/${enc(collection)}`,
    body: body as Record<string, unknown>,
  };
}

export function relationStep(body: {
  collection: string;
  field: string;
  related_collection: string;
  schema: { on_delete: ReferentialAction };
  meta: Record<string, unknown>;
}): SetupStep {
  return {
    kind: 'relation',
    target: `${body.collection}.${body.field} → ${body.related_collection}`,
    method: 'POST',
    path: '/api/relations',
    body,
  };
}

/** The alias field the server adds on the "one" side gets the editor's note, order and flags. */
function aliasStep(collection: string, field: string, extras: FieldExtras): SetupStep {
  return {
    kind: 'alias',
    target: `${collection}.${field}`,
    method: 'PATCH',
    path: `/api/fields/${enc(collection)}/${enc(field)}`,
    body: { meta: { note: extras.note ?? null, sort: extras.sort ?? null } },
  };
}

/** Interfaces of a single file: their field holds a file's key. */
const FILE_INTERFACES = new Set(['file', 'file-image']);

/** A foreign key column in `collection` pointing at `related`, optionally listed back there. */
export function planManyToOne(input: {
  collection: string;
  field: string;
  related: string;
  keyType: KeyType;
  onDelete: ReferentialAction;
  reverseField?: string | null;
  extras?: FieldExtras;
  /** The field's interface; a file or image field is marked `file`, as Directus marks it. */
  iface?: string;
}): SetupStep[] {
  const extras = input.extras ?? {};
  const iface = input.iface ?? 'select-dropdown-m2o';
  return [
    fieldStep(input.collection, {
      field: input.field,
      type: input.keyType,
      schema: { is_nullable: input.onDelete === 'SET NULL' || !extras.required },
      meta: {
        interface: iface,
        special: FILE_INTERFACES.has(iface) ? ['file'] : ['m2o'],
        note: extras.note ?? null,
        required: extras.required ?? false,
        sort: extras.sort ?? null,
      },
    }),
    relationStep({
      collection: input.collection,
      field: input.field,
      related_collection: input.related,
      schema: { on_delete: input.onDelete },
      meta: { one_field: input.reverseField || null },
    }),
  ];
}

/**
 * A list in `collection` of the `related` rows that point back: the foreign key goes into
 * `related` (named `foreignKey`), and the relation's one_field makes the alias here.
 */
export function planOneToMany(input: {
  collection: string;
  field: string;
  related: string;
  foreignKey: string;
  keyType: KeyType;
  onDelete: ReferentialAction;
  extras?: FieldExtras;
}): SetupStep[] {
  return [
    fieldStep(input.related, {
      field: input.foreignKey,
      type: input.keyType,
      schema: { is_nullable: true },
      meta: { interface: 'select-dropdown-m2o', special: ['m2o'], hidden: true },
    }),
    relationStep({
      collection: input.related,
      field: input.foreignKey,
      related_collection: input.collection,
      schema: { on_delete: input.onDelete },
      meta: { one_field: input.field },
    }),
    aliasStep(input.collection, input.field, input.extras ?? {}),
  ];
}

/** The two key columns of a junction; distinct even when a collection relates to itself. */
export function junctionKeys(collection: string, related: string): [string, string] {
  const own = `${collection}_id`.slice(0, 63);
  const other = collection === related ? `related_${related}_id` : `${related}_id`;
  return [own, other.slice(0, 63)];
}

export function junctionName(collection: string, related: string): string {
  return `${collection}_${related}`.slice(0, 63);
}

/**
 * A junction collection with a key to each side, then its two relations: the first carries
 * the alias on `collection` (one_field) and names the other key as its junction_field.
 */
export function planManyToMany(input: {
  collection: string;
  field: string;
  related: string;
  junction: string;
  keys: [string, string];
  keyTypes: [KeyType, KeyType];
  onDelete: ReferentialAction;
  extras?: FieldExtras;
}): SetupStep[] {
  const [own, other] = input.keys;
  const hidden = { hidden: true, interface: 'select-dropdown-m2o', special: ['m2o'] };
  return [
    {
      kind: 'collection',
      target: input.junction,
      method: 'POST',
      path: '/api/collections',
      body: {
        collection: input.junction,
        schema: {},
        meta: { hidden: true, icon: 'import_export' },
        fields: [
          {
            field: 'id',
            type: 'integer',
            schema: { is_primary_key: true, has_auto_increment: true },
            meta: { hidden: true, readonly: true, interface: 'input' },
          },
        ],
      },
    },
    fieldStep(input.junction, {
      field: own,
      type: input.keyTypes[0],
      schema: { is_nullable: true },
      meta: hidden,
    }),
    fieldStep(input.junction, {
      field: other,
      type: input.keyTypes[1],
      schema: { is_nullable: true },
      meta: hidden,
    }),
    relationStep({
      collection: input.junction,
      field: own,
      related_collection: input.collection,
      // A link row means nothing once the item it belongs to is gone.
      schema: { on_delete: 'CASCADE' },
      meta: { one_field: input.field, junction_field: other },
    }),
    relationStep({
      collection: input.junction,
      field: other,
      related_collection: input.related,
      schema: { on_delete: input.onDelete },
      meta: { one_field: null, junction_field: own },
    }),
    aliasStep(input.collection, input.field, input.extras ?? {}),
  ];
}
