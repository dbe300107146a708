/**
 * The field editor's form state and its translation to and from the /api/fields bodies.
 * Pure, so the rules (which options apply to which type, how defaults are typed, how
 * validation becomes a filter) are tested without a browser.
 */
import type { Field } from '@/lib/client/collections/schema-types';
import { parseConditions } from '@/lib/client/fields/conditions';

export interface Choice {
  text: string;
  value: string;
}

export interface FieldDraft {
  field: string;
  type: string;
  interface: string;
  choices: Choice[];
  defaultValue: string;
  required: boolean;
  readonly: boolean;
  hidden: boolean;
  unique: boolean;
  maxLength: string;
  min: string;
  max: string;
  step: string;
  pattern: string;
  validationMessage: string;
  note: string;
  /** `meta.width`: half, full or fill. */
  width: string;
  /** `meta.group`: the group field this one shows in; '' for none. */
  group: string;
  /** `meta.conditions` as JSON text; '' for none. */
  conditions: string;
  /** A presentation or group field's `meta.options` as JSON text (notice text, links...). */
  layoutOptions: string;
}

export const CHOICE_INTERFACES = new Set([
  'select-dropdown',
  'select-radio',
  'select-multiple-dropdown',
  'select-multiple-checkbox',
]);
export const NUMERIC_TYPES = new Set(['integer', 'bigInteger', 'float', 'decimal']);
export const STRING_TYPES = new Set(['string', 'text', 'hash']);
const PRESENTATION = new Set(['presentation-divider', 'presentation-notice', 'presentation-links']);
const GROUPS = new Set(['group-raw', 'group-detail', 'group-accordion']);

export function emptyDraft(iface: string, type: string): FieldDraft {
  return {
    field: '',
    type,
    interface: iface,
    choices: [],
    defaultValue: '',
    required: false,
    readonly: false,
    hidden: false,
    unique: false,
    maxLength: '',
    min: '',
    max: '',
    step: '',
    pattern: '',
    validationMessage: '',
    note: '',
    width: 'full',
    group: '',
    conditions: '',
    layoutOptions: '',
  };
}

export type DraftError =
  | 'defaultNumber'
  | 'defaultJson'
  | 'defaultBoolean'
  | 'choices'
  | 'range'
  | 'conditions'
  | 'layoutOptions';

/** The layout options as an object, or undefined when the text is not one. */
export function layoutOptionsOf(draft: FieldDraft): Record<string, unknown> | null | undefined {
  if (!draft.layoutOptions.trim()) return null;
  try {
    const v = JSON.parse(draft.layoutOptions) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The default value typed for the column, or an error key when it doesn't parse. */
export function typedDefault(draft: FieldDraft): { value: unknown } | { error: DraftError } {
  const raw = draft.defaultValue.trim();
  if (raw === '') return { value: null };
  if (NUMERIC_TYPES.has(draft.type)) {
    return Number.isFinite(Number(raw)) ? { value: Number(raw) } : { error: 'defaultNumber' };
  }
  if (draft.type === 'boolean') {
    if (raw === 'true' || raw === 'false') return { value: raw === 'true' };
    return { error: 'defaultBoolean' };
  }
  if (draft.type === 'json') {
    try {
      return { value: JSON.parse(raw) as unknown };
    } catch {
      return { error: 'defaultJson' };
    }
  }
  return { value: draft.defaultValue };
}

export function draftErrors(draft: FieldDraft): DraftError[] {
  const errors: DraftError[] = [];
  const d = typedDefault(draft);
  if ('error' in d) errors.push(d.error);
  if (CHOICE_INTERFACES.has(draft.interface) && draft.choices.some((c) => c.value.trim() === '')) {
    errors.push('choices');
  }
  if (draft.min !== '' && draft.max !== '' && Number(draft.min) > Number(draft.max)) {
    errors.push('range');
  }
  if ('problem' in parseConditions(draft.conditions)) errors.push('conditions');
  if (layoutOptionsOf(draft) === undefined) errors.push('layoutOptions');
  return errors;
}

/** A Directus-style validation filter: a pattern for text, bounds for numbers. */
export function validationFilter(draft: FieldDraft): Record<string, unknown> | null {
  const name = draft.field;
  const rules: Record<string, unknown>[] = [];
  if (STRING_TYPES.has(draft.type) && draft.pattern) {
    rules.push({ [name]: { _regex: draft.pattern } });
  }
  if (NUMERIC_TYPES.has(draft.type)) {
    if (draft.min !== '') rules.push({ [name]: { _gte: Number(draft.min) } });
    if (draft.max !== '') rules.push({ [name]: { _lte: Number(draft.max) } });
  }
  return rules.length ? { _and: rules } : null;
}

function interfaceOptions(draft: FieldDraft): Record<string, unknown> | null {
  const options: Record<string, unknown> = {};
  if (CHOICE_INTERFACES.has(draft.interface)) {
    options.choices = draft.choices.map((c) => ({
      text: c.text || c.value,
      value: NUMERIC_TYPES.has(draft.type) ? Number(c.value) : c.value,
    }));
  }
  if (NUMERIC_TYPES.has(draft.type)) {
    if (draft.min !== '') options.min = Number(draft.min);
    if (draft.max !== '') options.max = Number(draft.max);
    if (draft.step !== '') options.step = Number(draft.step);
  }
  return Object.keys(options).length ? options : null;
}

function aliasSpecial(iface: string): string[] | null {
  if (PRESENTATION.has(iface)) return ['alias', 'no-data'];
  if (GROUPS.has(iface)) return ['alias', 'no-data', 'group'];
  return null;
}

export function isAliasInterface(iface: string): boolean {
  return aliasSpecial(iface) !== null;
}

/** Where and when the field shows: width, group, conditions. */
function layoutMeta(draft: FieldDraft): Record<string, unknown> {
  const conditions = parseConditions(draft.conditions);
  return {
    width: draft.width || 'full',
    group: draft.group || null,
    conditions: 'value' in conditions ? conditions.value : null,
  };
}

function metaOf(draft: FieldDraft): Record<string, unknown> {
  return {
    ...layoutMeta(draft),
    interface: draft.interface,
    options: interfaceOptions(draft),
    required: draft.required,
    readonly: draft.readonly,
    hidden: draft.hidden,
    note: draft.note.trim() || null,
    validation: validationFilter(draft),
    validation_message: draft.validationMessage.trim() || null,
  };
}

function schemaOf(draft: FieldDraft): Record<string, unknown> {
  const d = typedDefault(draft);
  const schema: Record<string, unknown> = {
    default_value: 'value' in d ? d.value : null,
    is_unique: draft.unique,
  };
  if (draft.type === 'string' && draft.maxLength !== '')
    schema.max_length = Number(draft.maxLength);
  return schema;
}

/** POST /api/fields/:collection body; `sort` puts the new field at the end. */
export function createBody(draft: FieldDraft, sort: number) {
  const special = aliasSpecial(draft.interface);
  if (special) {
    return {
      field: draft.field,
      type: 'alias',
      meta: {
        interface: draft.interface,
        special,
        note: draft.note.trim() || null,
        sort,
        ...layoutMeta(draft),
        options: layoutOptionsOf(draft) ?? null,
      },
    };
  }
  return {
    field: draft.field,
    type: draft.type,
    schema: schemaOf(draft),
    meta: { ...metaOf(draft), sort },
  };
}

/** PATCH /api/fields/:collection/:field body; an alias has no column to change. */
export function updateBody(draft: FieldDraft, current: Field) {
  if (!current.schema) {
    return { meta: { ...metaOf(draft), options: layoutOptionsOf(draft) ?? null } };
  }
  return {
    ...(draft.type !== current.type && { type: draft.type }),
    schema: schemaOf(draft),
    meta: metaOf(draft),
  };
}

function bound(filter: unknown, field: string, op: '_gte' | '_lte' | '_regex'): string {
  if (!filter || typeof filter !== 'object') return '';
  const and = (filter as { _and?: unknown[] })._and;
  for (const rule of Array.isArray(and) ? and : []) {
    const cond = (rule as Record<string, Record<string, unknown> | undefined>)[field];
    if (cond && op in cond) return String(cond[op]);
  }
  return '';
}

/** The form state of an existing field. */
export function draftFromField(field: Field): FieldDraft {
  const meta = field.meta;
  const options = (meta?.options ?? {}) as {
    choices?: unknown;
    min?: unknown;
    max?: unknown;
    step?: unknown;
  };
  const choices = Array.isArray(options.choices)
    ? options.choices.map((c) => {
        const o = (c ?? {}) as { text?: unknown; value?: unknown };
        return { text: String(o.text ?? ''), value: String(o.value ?? '') };
      })
    : [];
  const def = field.schema?.default_value;
  const num = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  return {
    field: field.field,
    type: field.type,
    interface: meta?.interface ?? 'input',
    choices,
    defaultValue:
      def === null || def === undefined
        ? ''
        : typeof def === 'object'
          ? JSON.stringify(def)
          : String(def),
    required: meta?.required ?? false,
    readonly: meta?.readonly ?? false,
    hidden: meta?.hidden ?? false,
    unique: field.schema?.is_unique ?? false,
    maxLength: num(field.schema?.max_length),
    min: num(options.min) || bound(meta?.validation, field.field, '_gte'),
    max: num(options.max) || bound(meta?.validation, field.field, '_lte'),
    step: num(options.step),
    pattern: bound(meta?.validation, field.field, '_regex'),
    validationMessage: meta?.validation_message ?? '',
    note: meta?.note ?? '',
    width: meta?.width ?? 'full',
    group: meta?.group ?? '',
    conditions: Array.isArray(meta?.conditions) ? JSON.stringify(meta.conditions, null, 2) : '',
    layoutOptions: !field.schema && meta?.options ? JSON.stringify(meta.options, null, 2) : '',
  };
}
