import type { Item, ItemKey } from '@/lib/client/items/types';
import { nonEmpty, type NestedWrite } from './staged-write';

/** Unsaved work in the translations tabs: edited values and removals, per language key. */
export interface TranslationsDraft {
  edits: Record<string, Item>;
  removed: string[];
}

export const emptyDraft = (): TranslationsDraft => ({ edits: {}, removed: [] });

/** How a translation row is found: its key, and the field naming its language. */
export interface TranslationsShape {
  junctionPk: string;
  languageField: string;
}

const blank = (v: unknown) => v === null || v === undefined || v === '';
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The language a translation row is in, as a string, whether read nested or bare. */
export function languageOf(row: Item, shape: TranslationsShape, languagePk: string): string {
  const v = row[shape.languageField];
  const key = typeof v === 'object' && v !== null ? (v as Item)[languagePk] : v;
  return key === null || key === undefined ? '' : String(key);
}

/** The stored rows by language (the first row wins if a language has two). */
export function rowsByLanguage(
  rows: readonly Item[],
  shape: TranslationsShape,
  languagePk: string,
): Map<string, Item> {
  const out = new Map<string, Item>();
  for (const row of rows) {
    const lang = languageOf(row, shape, languagePk);
    if (lang && !out.has(lang)) out.set(lang, row);
  }
  return out;
}

/** What one tab shows: the stored row under the edits made to it. */
export function valuesFor(draft: TranslationsDraft, stored: Item | undefined, lang: string): Item {
  return { ...(stored ?? {}), ...(draft.edits[lang] ?? {}) };
}

/**
 * The nested write for the draft: a language with a stored row updates what changed in it
 * (or deletes it when removed); a new language creates a row once something is filled in.
 */
export function translationsWrite(
  shape: TranslationsShape,
  stored: Map<string, Item>,
  draft: TranslationsDraft,
): NestedWrite | null {
  const write: NestedWrite = { create: [], update: [], delete: [] };
  for (const [lang, edits] of Object.entries(draft.edits)) {
    if (draft.removed.includes(lang)) continue;
    const row = stored.get(lang);
    if (row) {
      const changed = Object.entries(edits).filter(([k, v]) => !same(v, row[k]));
      if (changed.length)
        write.update.push({
          [shape.junctionPk]: row[shape.junctionPk],
          ...Object.fromEntries(changed),
        });
      continue;
    }
    const filled = Object.entries(edits).filter(([, v]) => !blank(v));
    if (filled.length)
      write.create.push({ [shape.languageField]: lang, ...Object.fromEntries(filled) });
  }
  for (const lang of draft.removed) {
    const row = stored.get(lang);
    if (row) write.delete.push(row[shape.junctionPk] as ItemKey);
  }
  return nonEmpty(write);
}

/** Whether a tab holds a translation: stored (and not removed) or filled in now. */
export function isTranslated(draft: TranslationsDraft, stored: Item | undefined, lang: string) {
  if (draft.removed.includes(lang)) return false;
  if (stored) return true;
  return Object.values(draft.edits[lang] ?? {}).some((v) => !blank(v));
}
