import 'server-only';
import type { RequestContext } from '@/lib/core/context';
import { ForbiddenError, InvalidPayloadError } from '@/lib/core/errors';
import { createCollection } from './collections';
import { createField } from './fields';
import { assertIdentifier } from './identifiers';
import { reloadSchema } from './overview';
import type { FieldCreateInput } from './payloads';
import { createRelation } from './relations-write';

export interface TranslationsInput {
  collection: string;
  /** The alias field on `collection`; `translations` unless given. */
  field?: string;
  /** The languages collection, created (code, name, direction) when missing. */
  languages?: string;
}

export interface TranslationsResult {
  collection: string;
  field: string;
  junction: string;
  languages: string;
}

/** What a key column referencing `collection`'s primary key is declared as. */
function keyField(field: string, pk: { type: string; max_length: number | null }) {
  const schema = pk.type === 'string' ? { max_length: pk.max_length ?? 255 } : {};
  return { field, type: pk.type, schema: { ...schema, is_nullable: true }, meta: { hidden: true } };
}

/**
 * A translations field in one step, in Directus's shape and through the same services the
 * studio calls one by one: the languages collection (when missing), the junction
 * `<collection>_translations` with `<collection>_id` and `<languages>_code`, the alias field
 * with special `translations`, and the two relations. Administrators only.
 */
export async function createTranslationsField(
  input: TranslationsInput,
  ctx: RequestContext,
): Promise<TranslationsResult> {
  if (!ctx.accountability.admin) {
    throw new ForbiddenError("You don't have permission to access this");
  }
  const field = assertIdentifier(input.field ?? 'translations', 'field');
  const languages = assertIdentifier(input.languages ?? 'languages', 'collection');
  // Each step changes the schema the next one is checked against: read it afresh between.
  let step = ctx;
  let schema = ctx.schema;
  const c = Object.hasOwn(schema.collections, input.collection)
    ? schema.collections[input.collection]
    : null;
  if (!c?.schema || !c.primary) {
    throw new InvalidPayloadError(`Collection "${input.collection}" has no primary key`);
  }
  const junction = assertIdentifier(`${c.collection}_translations`, 'collection');
  const parentKey = `${c.collection}_id`;
  const languageKey = `${languages}_code`;
  if (Object.hasOwn(schema.collections, junction)) {
    throw new InvalidPayloadError(`Collection "${junction}" already exists`);
  }
  if (!Object.hasOwn(schema.collections, languages)) {
    await createCollection(
      {
        body: {
          collection: languages,
          meta: { icon: 'translate' },
          fields: [
            { field: 'code', type: 'string', schema: { is_primary_key: true, max_length: 10 } },
            { field: 'name', type: 'string' },
            {
              field: 'direction',
              type: 'string',
              schema: { default_value: 'ltr', max_length: 3 },
            },
          ],
        },
      },
      step,
    );
    step = await reloadSchema(step);
    schema = step.schema;
  }
  const lang = schema.collections[languages];
  if (!lang.primary) throw new InvalidPayloadError(`Collection "${languages}" has no primary key`);
  const pkOf = (col: typeof c, pk: string) => ({
    type: col.fields[pk].type,
    max_length: col.fields[pk].schema?.max_length ?? null,
  });
  const fields: FieldCreateInput[] = [
    { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
    keyField(parentKey, pkOf(c, c.primary)),
    keyField(languageKey, pkOf(lang, lang.primary)),
  ];
  await createCollection(
    { body: { collection: junction, meta: { hidden: true, icon: 'import_export' }, fields } },
    step,
  );
  step = await reloadSchema(step);
  await createField(
    {
      params: { collection: c.collection },
      body: {
        field,
        type: 'alias',
        meta: { special: ['translations'], interface: 'translations' },
      },
    },
    step,
  );
  step = await reloadSchema(step);
  await createRelation(
    {
      body: {
        collection: junction,
        field: languageKey,
        related_collection: languages,
        meta: { one_field: null, junction_field: parentKey, sort_field: null },
        schema: { on_delete: 'SET NULL' },
      },
    },
    step,
  );
  step = await reloadSchema(step);
  await createRelation(
    {
      body: {
        collection: junction,
        field: parentKey,
        related_collection: c.collection,
        meta: { one_field: field, junction_field: languageKey, sort_field: null },
        schema: { on_delete: 'SET NULL' },
      },
    },
    step,
  );
  return { collection: c.collection, field, junction, languages };
}
