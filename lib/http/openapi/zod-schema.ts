import { z } from 'zod';
import { isRecord } from '@/lib/core/guards';

/** An OpenAPI 3.0 Schema Object (or a Reference Object). */
export type SchemaObject = { [keyword: string]: unknown };

export interface ConvertOptions {
  /** `input` for what a client sends (params, query, body), `output` for what it receives. */
  io?: 'input' | 'output';
  /** Receives the schemas hoisted out of this one: named with `.meta({id})`, or recursive. */
  components?: Record<string, SchemaObject>;
  /** Component name for this schema should it refer to itself; prefixes zod's generated names. */
  name?: string;
}

// The OpenAPI 3.0 Schema Object refuses any other keyword, and zod passes `.meta()` keys
// through verbatim, so anything not listed here is dropped rather than invalidating the document.
const KEYWORDS = new Set([
  'title',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'enum',
  'type',
  'description',
  'format',
  'default',
  'nullable',
  'discriminator',
  'readOnly',
  'writeOnly',
  'example',
  'externalDocs',
  'deprecated',
]);
const SUBSCHEMA = new Set(['not', 'items', 'additionalProperties']);
const SUBSCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf']);

type RefMap = (ref: string) => string;

/** One zod-emitted node to the 3.0 dialect: known keywords only, no null type, `examples`. */
function clean(node: unknown, refs: RefMap): SchemaObject {
  if (!isRecord(node)) return {};
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') out.$ref = refs(value);
    else if (key === 'properties' && isRecord(value))
      out.properties = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, clean(v, refs)]),
      );
    else if (SUBSCHEMA.has(key)) out[key] = typeof value === 'boolean' ? value : clean(value, refs);
    else if (SUBSCHEMA_LIST.has(key) && Array.isArray(value))
      out[key] = value.map((v) => clean(v, refs));
    else if (key === 'examples' && Array.isArray(value)) {
      if (value.length) out.example = value[0];
    } else if (key === 'required' && Array.isArray(value)) {
      if (value.length) out.required = value;
    } else if (KEYWORDS.has(key) || key.startsWith('x-')) out[key] = value;
  }
  // 3.0 has no null type: zod emits one for `z.literal(null)`, and `null` in an enum needs `nullable`.
  if (out.type === 'null') Object.assign(out, { type: 'string', nullable: true, enum: [null] });
  if (Array.isArray(out.enum) && out.enum.includes(null)) out.nullable = true;
  return out;
}

const COMPONENT = '#/components/schemas/';

/**
 * A zod 4 schema as an OpenAPI 3.0 Schema Object, by zod's own converter. Parts zod has no
 * JSON Schema for (transforms' outputs, dates, bigints) become `{}`, "any value".
 */
export function toOpenApiSchema(schema: z.ZodType, options: ConvertOptions = {}): SchemaObject {
  const name = options.name ?? 'Schema';
  const components = options.components ?? {};
  const raw = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: options.io ?? 'input',
    unrepresentable: 'any',
  }) as SchemaObject;
  const { definitions, $defs, ...root } = raw;
  // zod names recursive parts `__schema0`...: unique only within one conversion.
  const rename = (def: string) => (def.startsWith('__') ? `${name}${def}` : def);
  let selfReferenced = false;
  const refs: RefMap = (ref) => {
    if (ref === '#') {
      selfReferenced = true;
      return COMPONENT + name;
    }
    const m = /^#\/(?:definitions|\$defs)\/(.+)$/.exec(ref);
    return m ? COMPONENT + rename(m[1]) : ref;
  };
  const defs = { ...(isRecord($defs) ? $defs : {}), ...(isRecord(definitions) ? definitions : {}) };
  for (const [def, body] of Object.entries(defs)) components[rename(def)] = clean(body, refs);
  const result = clean(root, refs);
  if (!selfReferenced) return result;
  components[name] = result;
  return { $ref: COMPONENT + name };
}
