/**
 * Set-up plans for the fields that bring their own junction collection: translations
 * (a row per item and language) and many-to-any (a row per block, naming its collection).
 * Pure, like relation-plan.ts; the shapes are Directus's, so snapshots move both ways.
 */
import {
  fieldStep,
  relationStep,
  type FieldExtras,
  type KeyType,
  type SetupStep,
} from './relation-plan';

const enc = encodeURIComponent;

/** Languages Directus fills a new languages collection with. */
export const COMMON_LANGUAGES = [
  { code: 'en-US', name: 'English', direction: 'ltr' },
  { code: 'ar-SA', name: 'Arabic', direction: 'rtl' },
  { code: 'de-DE', name: 'German', direction: 'ltr' },
  { code: 'fr-FR', name: 'French', direction: 'ltr' },
  { code: 'ru-RU', name: 'Russian', direction: 'ltr' },
  { code: 'es-ES', name: 'Spanish', direction: 'ltr' },
  { code: 'it-IT', name: 'Italian', direction: 'ltr' },
  { code: 'pt-BR', name: 'Portuguese', direction: 'ltr' },
] as const;

/** A key column pointing at a primary key of `type`, hidden in the form. */
function keyColumn(field: string, type: KeyType) {
  const schema = type === 'string' ? { max_length: 255 } : {};
  return {
    field,
    type,
    schema: { ...schema, is_nullable: true },
    meta: { hidden: true, interface: 'select-dropdown-m2o', special: ['m2o'] },
  };
}

const junctionId = {
  field: 'id',
  type: 'integer',
  schema: { is_primary_key: true, has_auto_increment: true },
  meta: { hidden: true, readonly: true, interface: 'input' },
};

function collectionStep(collection: string, meta: object, fields: object[]): SetupStep {
  return {
    kind: 'collection',
    target: collection,
    method: 'POST',
    path: '/api/collections',
    body: { collection, schema: {}, meta, fields },
  };
}

/** The alias field itself, made before the relations so they keep its interface. */
function aliasField(
  collection: string,
  field: string,
  meta: { special: string[]; interface: string },
  extras: FieldExtras,
): SetupStep {
  return fieldStep(collection, {
    field,
    type: 'alias',
    meta: { ...meta, note: extras.note ?? null, sort: extras.sort ?? null },
  });
}

/** Names typed as "title, body": trimmed, empty ones and repeats left out. */
export function fieldNames(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

export function translationsJunction(collection: string): string {
  return `${collection}_translations`.slice(0, 63);
}

/**
 * A translations field: the languages collection when it is new (code, name, direction;
 * filled with common languages when asked), the junction `<collection>_translations` with
 * a key to each side and the fields to translate, the alias field, the two relations.
 */
export function planTranslations(input: {
  collection: string;
  field: string;
  keyType: KeyType;
  languages: string;
  /** The languages' key type; a new languages collection is keyed by a string code. */
  languageKeyType: KeyType;
  createLanguages: boolean;
  seedLanguages: boolean;
  /** Text fields to add to the junction, one per translated value. */
  translated: string[];
  extras?: FieldExtras;
}): SetupStep[] {
  const junction = translationsJunction(input.collection);
  const own = `${input.collection}_id`.slice(0, 63);
  const lang = `${input.languages}_code`.slice(0, 63);
  const steps: SetupStep[] = [];
  if (input.createLanguages) {
    steps.push(
      collectionStep(input.languages, { icon: 'translate', display_template: '{{name}}' }, [
        {
          field: 'code',
          type: 'string',
          schema: { is_primary_key: true, max_length: 10 },
          meta: { interface: 'input', sort: 1 },
        },
        { field: 'name', type: 'string', meta: { interface: 'input', sort: 2 } },
        {
          field: 'direction',
          type: 'string',
          schema: { default_value: 'ltr', max_length: 3 },
          meta: {
            interface: 'select-dropdown',
            sort: 3,
            options: {
              choices: [
                { text: 'ltr', value: 'ltr' },
                { text: 'rtl', value: 'rtl' },
              ],
            },
          },
        },
      ]),
    );
    if (input.seedLanguages) {
      steps.push({
        kind: 'items',
        target: input.languages,
        method: 'POST',
        path: `/api/items/${enc(input.languages)}`,
        body: COMMON_LANGUAGES.map((l) => ({ ...l })),
      });
    }
  }
  steps.push(
    collectionStep(junction, { hidden: true, icon: 'translate' }, [
      junctionId,
      keyColumn(own, input.keyType),
      keyColumn(lang, input.languageKeyType),
      ...input.translated.map((field, i) => ({
        field,
        type: 'string',
        meta: { interface: 'input', sort: i + 1 },
      })),
    ]),
    aliasField(
      input.collection,
      input.field,
      { special: ['translations'], interface: 'translations' },
      input.extras ?? {},
    ),
    relationStep({
      collection: junction,
      field: lang,
      related_collection: input.languages,
      schema: { on_delete: 'SET NULL' },
      meta: { one_field: null, junction_field: own },
    }),
    relationStep({
      collection: junction,
      field: own,
      related_collection: input.collection,
      // A translation means nothing once its item is gone.
      schema: { on_delete: 'CASCADE' },
      meta: { one_field: input.field, junction_field: lang },
    }),
  );
  return steps;
}

/**
 * A many-to-any field: the junction (key to this collection, `item`, `collection`, `sort`),
 * the alias field, the relation back to this collection (sorted by `sort`) and the
 * relation whose allowed collections the blocks come from.
 */
export function planManyToAny(input: {
  collection: string;
  field: string;
  keyType: KeyType;
  junction: string;
  allowed: string[];
  extras?: FieldExtras;
}): SetupStep[] {
  const own = `${input.collection}_id`.slice(0, 63);
  const hidden = { hidden: true, interface: 'input' };
  return [
    collectionStep(input.junction, { hidden: true, icon: 'dashboard_customize' }, [
      junctionId,
      keyColumn(own, input.keyType),
      { field: 'item', type: 'string', schema: { is_nullable: true }, meta: hidden },
      { field: 'collection', type: 'string', schema: { is_nullable: true }, meta: hidden },
      { field: 'sort', type: 'integer', schema: { is_nullable: true }, meta: hidden },
    ]),
    aliasField(
      input.collection,
      input.field,
      { special: ['m2a'], interface: 'list-m2a' },
      input.extras ?? {},
    ),
    relationStep({
      collection: input.junction,
      field: own,
      related_collection: input.collection,
      schema: { on_delete: 'CASCADE' },
      meta: { one_field: input.field, junction_field: 'item', sort_field: 'sort' },
    }),
    {
      kind: 'relation',
      target: `${input.junction}.item → ${input.allowed.join(', ')}`,
      method: 'POST',
      path: '/api/relations',
      body: {
        collection: input.junction,
        field: 'item',
        related_collection: null,
        meta: {
          one_allowed_collections: input.allowed,
          one_collection_field: 'collection',
          junction_field: own,
        },
      },
    },
  ];
}
