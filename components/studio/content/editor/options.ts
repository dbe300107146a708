import type { Field } from '@/lib/client/fields/types';

export interface Choice {
  text: string;
  value: string | number;
}

/** `meta.options` as a plain record (it is free-form JSON per interface). */
export function optionsOf(field: Field): Record<string, unknown> {
  const o = field.meta?.options;
  return typeof o === 'object' && o !== null && !Array.isArray(o)
    ? (o as Record<string, unknown>)
    : {};
}

/** The choices of a dropdown, radio or checkbox field (`options.choices`). */
export function choicesOf(field: Field): Choice[] {
  const raw = optionsOf(field).choices;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((c: unknown) => {
    if (typeof c === 'string') return [{ text: c, value: c }];
    if (typeof c !== 'object' || c === null) return [];
    const { text, value } = c as { text?: unknown; value?: unknown };
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    return [{ text: typeof text === 'string' ? text : String(value), value }];
  });
}

export function numberOption(field: Field, name: 'min' | 'max' | 'step'): number | undefined {
  const v = optionsOf(field)[name];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Lowercase, ASCII, words joined by dashes: what a slug field stores. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** How a field is edited: its interface, or a sensible one for its type. */
export function interfaceOf(field: Field): string {
  const chosen = field.meta?.interface;
  if (chosen) return chosen;
  switch (field.type) {
    case 'boolean':
      return 'boolean';
    case 'text':
      return 'input-multiline';
    case 'json':
      return 'input-code';
    case 'csv':
      return 'tags';
    case 'date':
    case 'time':
    case 'dateTime':
    case 'timestamp':
      return 'datetime';
    case 'hash':
      return 'input-hash';
    default:
      return 'input';
  }
}
