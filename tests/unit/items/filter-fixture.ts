import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
} from 'kysely';
import type { Accountability } from '@/lib/core/accountability';
import { compileFilter } from '@/lib/items/filter';
import type { FilterContext } from '@/lib/items/filter';
import type { Filter } from '@/lib/items/query';
import type {
  CollectionOverview,
  FieldOverview,
  RelationOverview,
  SchemaOverview,
} from '@/lib/schema/overview';
import type { FieldType } from '@/lib/schema/types';

export const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const DATA_TYPES: Partial<Record<FieldType, string>> = {
  string: 'character varying',
  text: 'text',
  integer: 'integer',
  bigInteger: 'bigint',
  float: 'double precision',
  decimal: 'numeric',
  boolean: 'boolean',
  uuid: 'uuid',
  date: 'date',
  time: 'time without time zone',
  dateTime: 'timestamp without time zone',
  timestamp: 'timestamp with time zone',
  json: 'jsonb',
  csv: 'text',
  hash: 'character varying',
};

function field(collection: string, name: string, type: FieldType, pk = false): FieldOverview {
  const schema =
    type === 'alias'
      ? null
      : ({ name, table: collection, data_type: DATA_TYPES[type], is_primary_key: pk } as never);
  return { collection, field: name, type, schema, meta: null };
}

function collection(name: string, fields: Record<string, FieldType>): CollectionOverview {
  const out: Record<string, FieldOverview> = {};
  for (const [f, t] of Object.entries(fields)) out[f] = field(name, f, t, f === 'id');
  return {
    collection: name,
    meta: null,
    schema: { name, schema: 'public', comment: null },
    system: false,
    type: 'table',
    primary: 'id',
    fields: out,
    indexes: [],
  };
}

function relation(
  many: string,
  manyField: string,
  one: string,
  meta: { one_field?: string; junction_field?: string } = {},
): RelationOverview {
  return {
    collection: many,
    field: manyField,
    related_collection: one,
    schema: null,
    meta: {
      id: 0,
      many_collection: many,
      many_field: manyField,
      one_collection: one,
      one_field: meta.one_field ?? null,
      one_collection_field: null,
      one_allowed_collections: null,
      junction_field: meta.junction_field ?? null,
      sort_field: null,
      one_deselect_action: 'nullify',
    },
  };
}

/** posts → authors (m2o), posts → comments (o2m), posts ↔ tags through posts_tags (m2m). */
export const schema: SchemaOverview = {
  collections: {
    posts: collection('posts', {
      id: 'integer',
      title: 'string',
      body: 'text',
      views: 'integer',
      big: 'bigInteger',
      rating: 'float',
      price: 'decimal',
      published: 'boolean',
      uid: 'uuid',
      day: 'date',
      at: 'time',
      local: 'dateTime',
      date_created: 'timestamp',
      metadata: 'json',
      labels: 'csv',
      secret: 'hash',
      author: 'integer',
      comments: 'alias',
      tags: 'alias',
    }),
    authors: collection('authors', { id: 'integer', name: 'string', user: 'uuid' }),
    comments: collection('comments', { id: 'integer', post: 'integer', body: 'text' }),
    tags: collection('tags', { id: 'integer', name: 'string' }),
    posts_tags: collection('posts_tags', {
      id: 'integer',
      posts_id: 'integer',
      tags_id: 'integer',
    }),
    daas_users: collection('daas_users', { id: 'uuid', email: 'string', password: 'hash' }),
  },
  relations: [
    relation('posts', 'author', 'authors'),
    relation('comments', 'post', 'posts', { one_field: 'comments' }),
    relation('posts_tags', 'posts_id', 'posts', { one_field: 'tags', junction_field: 'tags_id' }),
    relation('posts_tags', 'tags_id', 'tags', { junction_field: 'posts_id' }),
  ],
};

export const USER = '11111111-1111-4111-8111-111111111111';
export const ROLE = '22222222-2222-4222-8222-222222222222';

export function caller(user: string | null = USER): Accountability {
  return {
    user,
    role: user ? ROLE : null,
    roles: user ? [ROLE] : [],
    policies: user ? ['33333333-3333-4333-8333-333333333333'] : [],
    admin: false,
    app: true,
    ip: null,
    userAgent: null,
    session: null,
    assurance: 1,
    mfaRequired: false,
    via: null,
  };
}

export function compileSql(fragment: RawBuilder<unknown>): { sql: string; parameters: unknown[] } {
  const c = fragment.compile(compiler);
  return { sql: c.sql, parameters: [...c.parameters] };
}

export function where(
  filter: Filter,
  options: Partial<FilterContext> = {},
): { sql: string; parameters: unknown[] } {
  return compileSql(
    compileFilter(filter, {
      schema,
      collection: 'posts',
      alias: 'p',
      accountability: caller(),
      now: new Date('2024-03-10T12:00:00.000Z'),
      ...options,
    }),
  );
}
