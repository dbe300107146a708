/**
 * A small editorial schema for the content studio tests, created through the API as a
 * person would: authors, tags, articles with fields of many interfaces, a many-to-one
 * (author), a many-to-many (tags, through articles_tags) and a one-to-many (comments).
 */
type Call = (method: string, path: string, body?: unknown) => Promise<unknown>;

const pk = {
  field: 'id',
  type: 'integer',
  schema: { is_primary_key: true, has_auto_increment: true },
};
const choices = (values: string[]) =>
  values.map((v) => ({ text: v[0].toUpperCase() + v.slice(1), value: v }));

export async function createContentSchema(call: Call): Promise<void> {
  await call('POST', '/api/collections', {
    collection: 'authors',
    fields: [pk, { field: 'name', type: 'string', meta: { interface: 'input', required: true } }],
  });
  await call('POST', '/api/collections', {
    collection: 'tags',
    fields: [pk, { field: 'label', type: 'string', meta: { interface: 'input' } }],
  });
  await call('POST', '/api/collections', {
    collection: 'articles',
    fields: [
      pk,
      { field: 'title', type: 'string', meta: { interface: 'input', required: true, sort: 1 } },
      {
        field: 'slug',
        type: 'string',
        meta: { interface: 'input', options: { slug: true }, sort: 2, width: 'half' },
      },
      {
        field: 'status',
        type: 'string',
        meta: {
          interface: 'select-dropdown',
          options: { choices: choices(['draft', 'published']) },
          sort: 3,
          width: 'half',
        },
      },
      {
        field: 'rating',
        type: 'integer',
        meta: { interface: 'input', options: { min: 0, max: 10, step: 1 }, sort: 4, width: 'half' },
      },
      {
        field: 'featured',
        type: 'boolean',
        meta: { interface: 'boolean', sort: 5, width: 'half' },
      },
      {
        field: 'priority',
        type: 'string',
        meta: {
          interface: 'select-radio',
          options: { choices: choices(['low', 'high']) },
          sort: 6,
          width: 'half',
        },
      },
      {
        field: 'published_at',
        type: 'timestamp',
        meta: { interface: 'datetime', sort: 7, width: 'half' },
      },
      {
        field: 'channels',
        type: 'json',
        meta: {
          interface: 'select-multiple-checkbox',
          options: { choices: choices(['web', 'print']) },
          sort: 8,
          width: 'half',
        },
      },
      {
        field: 'color',
        type: 'string',
        meta: { interface: 'select-color', sort: 9, width: 'half' },
      },
      { field: 'keywords', type: 'json', meta: { interface: 'tags', sort: 10 } },
      { field: 'summary', type: 'text', meta: { interface: 'input-multiline', sort: 11 } },
      { field: 'body', type: 'text', meta: { interface: 'input-rich-text-md', sort: 12 } },
      { field: 'extra', type: 'json', meta: { interface: 'input-code', sort: 13 } },
      { field: 'author', type: 'integer', meta: { interface: 'select-dropdown-m2o', sort: 14 } },
    ],
  });
  await call('POST', '/api/collections', {
    collection: 'comments',
    fields: [
      pk,
      { field: 'body', type: 'string', meta: { interface: 'input' } },
      { field: 'article', type: 'integer' },
    ],
  });
  await call('POST', '/api/collections', {
    collection: 'articles_tags',
    meta: { hidden: true },
    fields: [pk, { field: 'articles_id', type: 'integer' }, { field: 'tags_id', type: 'integer' }],
  });
  await call('POST', '/api/fields/articles', {
    field: 'tags',
    type: 'alias',
    meta: { interface: 'list-m2m', special: ['m2m'], sort: 15 },
  });
  await call('POST', '/api/fields/articles', {
    field: 'comments',
    type: 'alias',
    meta: { interface: 'list-o2m', special: ['o2m'], sort: 16 },
  });
  await call('POST', '/api/relations', {
    collection: 'articles',
    field: 'author',
    related_collection: 'authors',
  });
  await call('POST', '/api/relations', {
    collection: 'comments',
    field: 'article',
    related_collection: 'articles',
    meta: { one_field: 'comments' },
  });
  await call('POST', '/api/relations', {
    collection: 'articles_tags',
    field: 'articles_id',
    related_collection: 'articles',
    meta: { one_field: 'tags', junction_field: 'tags_id' },
    schema: { on_delete: 'CASCADE' },
  });
  await call('POST', '/api/relations', {
    collection: 'articles_tags',
    field: 'tags_id',
    related_collection: 'tags',
    meta: { junction_field: 'articles_id' },
    schema: { on_delete: 'CASCADE' },
  });
}
