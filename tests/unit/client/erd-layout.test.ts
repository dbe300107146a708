import { describe, expect, it } from 'vitest';
import { erdModel, layoutErd } from '@/components/studio/collections/erd-layout';
import type { Collection, Field, Relation } from '@/lib/client/collections/schema-types';

function table(name: string, system = false): Collection {
  return {
    collection: name,
    meta: null,
    schema: { name, schema: 'public', comment: null },
    system,
    type: 'table',
  };
}

function field(collection: string, name: string, primary = false): Field {
  return {
    collection,
    field: name,
    type: 'integer',
    meta: null,
    schema: { is_primary_key: primary } as Field['schema'],
  };
}

function relation(collection: string, name: string, related: string): Relation {
  return { collection, field: name, related_collection: related, schema: null, meta: null };
}

describe('schema diagram model', () => {
  const collections = [
    table('posts'),
    table('authors'),
    table('daas_users', true),
    table('daas_roles', true),
  ];
  const fields = [
    field('posts', 'id', true),
    field('posts', 'author'),
    field('posts', 'editor'),
    field('authors', 'id', true),
  ];
  const relations = [
    relation('posts', 'author', 'authors'),
    relation('posts', 'editor', 'daas_users'),
    relation('daas_users', 'role', 'daas_roles'),
  ];

  it("draws the user's collections, the system tables they point at, and only their relations", () => {
    const model = erdModel(collections, fields, relations);
    expect(model.nodes.map((n) => n.id)).toEqual(['posts', 'authors', 'daas_users']);
    expect(model.edges.map((e) => `${e.source}.${e.label}→${e.target}`)).toEqual([
      'posts.author→authors',
      'posts.editor→daas_users',
    ]);
    expect(model.nodes[0].data.fields.map((f) => [f.name, f.key, f.link])).toEqual([
      ['id', true, false],
      ['author', false, true],
      ['editor', false, true],
    ]);
  });

  it('places every node with ELK, the referenced collections to the right', async () => {
    const graph = await layoutErd(erdModel(collections, fields, relations));
    const x = new Map(graph.nodes.map((n) => [n.id, n.position.x]));
    expect(x.get('authors')).toBeGreaterThan(x.get('posts')!);
    expect(x.get('daas_users')).toBeGreaterThan(x.get('posts')!);
  });
});
