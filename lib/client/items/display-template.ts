import type { Field } from '../fields/types';
import { labelFieldOf, primaryKeyOf } from './relational';
import type { Item } from './types';

/** `{{ name }}`, `{{author.name}}`: a field path between double braces. */
const TOKEN = /\{\{\s*([\w$-]+(?:\.[\w$-]+)*)\s*\}\}/g;

/** The field paths a Directus-style display template (`{{name}} ({{email}})`) names. */
export function templateFields(template: string | null | undefined): string[] {
  if (!template) return [];
  return [...new Set([...template.matchAll(TOKEN)].map((m) => m[1]))];
}

function valueAt(item: unknown, path: string): unknown {
  let value = item;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Item)[part];
  }
  return value;
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The template filled from `item` (nested relations read through), empty tokens left out. */
export function renderTemplate(template: string, item: Item): string {
  return template
    .replace(TOKEN, (_, path: string) => text(valueAt(item, path)))
    .replace(/\s+/g, ' ')
    .replace(/\(\s*\)/g, '')
    .trim();
}

/**
 * How the items of one collection are shown where another collection links to them: its
 * display template, else one telling field (a name or title), else the primary key.
 */
export interface ItemDisplay {
  primaryKey: string;
  template: string | null;
  /** The fields (paths) a read needs to show an item this way, primary key included. */
  fields: string[];
}

export function itemDisplayOf(
  fields: readonly Field[],
  template: string | null | undefined,
): ItemDisplay {
  const primaryKey = primaryKeyOf(fields);
  const names = templateFields(template);
  if (template && names.length) {
    return { primaryKey, template, fields: [...new Set([primaryKey, ...names])] };
  }
  const label = labelFieldOf(fields);
  return { primaryKey, template: null, fields: [...new Set([primaryKey, label])] };
}

/** An item as text by `display`; falls back to its key when the display leaves it blank. */
export function displayItem(display: ItemDisplay, item: Item): string {
  const key = item[display.primaryKey];
  const shown = display.template
    ? renderTemplate(display.template, item)
    : text(item[display.fields.find((f) => f !== display.primaryKey) ?? display.primaryKey]);
  return shown || (key === null || key === undefined ? '' : String(key));
}
