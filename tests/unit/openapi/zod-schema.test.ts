import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toOpenApiSchema, type SchemaObject } from '@/lib/http/openapi/zod-schema';

describe('toOpenApiSchema', () => {
  it('closes a strict object and lists only its required properties', () => {
    const schema = z.object({ name: z.string().min(1), note: z.string().optional() }).strict();
    expect(toOpenApiSchema(schema)).toEqual({
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 }, note: { type: 'string' } },
      required: ['name'],
      additionalProperties: false,
    });
  });

  it('omits `required` when every property is optional', () => {
    expect(toOpenApiSchema(z.object({ a: z.number().optional() }))).toEqual({
      type: 'object',
      properties: { a: { type: 'number' } },
    });
  });

  it('turns an enum into a string enum', () => {
    expect(toOpenApiSchema(z.enum(['json', 'session']))).toEqual({
      type: 'string',
      enum: ['json', 'session'],
    });
  });

  it('marks nullable values with `nullable`, never with a null type', () => {
    expect(toOpenApiSchema(z.string().nullable())).toEqual({ type: 'string', nullable: true });
    const literal = toOpenApiSchema(z.literal(null));
    expect(literal.type).not.toBe('null');
    expect(literal).toMatchObject({ nullable: true, enum: [null] });
    expect(toOpenApiSchema(z.object({ a: z.literal(null) })).properties).toEqual({
      a: { type: 'string', nullable: true, enum: [null] },
    });
    expect(toOpenApiSchema(z.literal(['a', null]))).toEqual({ enum: ['a', null], nullable: true });
  });

  it('converts arrays and unions', () => {
    expect(toOpenApiSchema(z.array(z.uuid()).max(3))).toMatchObject({
      type: 'array',
      items: { type: 'string', format: 'uuid' },
      maxItems: 3,
    });
    expect(toOpenApiSchema(z.union([z.string(), z.number().int()]))).toMatchObject({
      anyOf: [{ type: 'string' }, { type: 'integer' }],
    });
  });

  it('keeps descriptions and examples from meta and drops keywords 3.0 does not know', () => {
    const schema = z.string().meta({ description: 'Email address', examples: ['a@b.c'], ui: 1 });
    expect(toOpenApiSchema(schema)).toEqual({
      type: 'string',
      description: 'Email address',
      example: 'a@b.c',
    });
  });

  it('describes what a client sends for input and any value for a transform output', () => {
    const schema = z.string().transform((s) => s.split(','));
    expect(toOpenApiSchema(schema, { io: 'input' })).toEqual({ type: 'string' });
    expect(toOpenApiSchema(schema, { io: 'output' })).toEqual({});
    expect(toOpenApiSchema(z.object({ n: z.coerce.number().default(1) }))).toEqual({
      type: 'object',
      properties: { n: { type: 'number', default: 1 } },
    });
  });

  it('hoists recursive parts into components under names unique to the call site', () => {
    const components: Record<string, SchemaObject> = {};
    const node: z.ZodType = z.lazy(() => z.object({ children: z.array(node) }));
    const schema = toOpenApiSchema(z.object({ tree: node }), { components, name: 'get_x_body' });
    expect(schema).toEqual({
      type: 'object',
      properties: { tree: { $ref: '#/components/schemas/get_x_body__schema0' } },
      required: ['tree'],
    });
    expect(components.get_x_body__schema0).toEqual({
      type: 'object',
      properties: {
        children: { type: 'array', items: { $ref: '#/components/schemas/get_x_body__schema0' } },
      },
      required: ['children'],
    });
  });

  it('refers a self-referencing root schema through its component', () => {
    const components: Record<string, SchemaObject> = {};
    const node: z.ZodType = z.lazy(() => z.object({ next: node.optional() }));
    expect(toOpenApiSchema(node, { components, name: 'List' })).toEqual({
      $ref: '#/components/schemas/List',
    });
    expect(components.List).toEqual({
      type: 'object',
      properties: { next: { allOf: [{ $ref: '#/components/schemas/List' }] } },
    });
  });

  it('puts schemas named with an id into components and wraps a described reference', () => {
    const components: Record<string, SchemaObject> = {};
    const Role = z.object({ id: z.string() }).meta({ id: 'OpenApiTestRole' });
    const schema = toOpenApiSchema(
      z.object({ role: Role.meta({ id: undefined, description: 'Primary role' }), other: Role }),
      { components },
    );
    expect(components.OpenApiTestRole).toEqual({
      type: 'object',
      properties: { id: { type: 'string' } },
      required: ['id'],
    });
    expect(schema.properties).toEqual({
      role: {
        description: 'Primary role',
        allOf: [{ $ref: '#/components/schemas/OpenApiTestRole' }],
      },
      other: { $ref: '#/components/schemas/OpenApiTestRole' },
    });
  });
});
