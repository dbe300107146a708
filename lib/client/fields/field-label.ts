import type { Field } from './types';

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'to',
]);
const ACRONYMS = new Set(['id', 'url', 'uuid', 'api', 'ip', 'seo', 'html', 'json', 'csv', 'sku']);

/**
 * A field name as people read it, the way Directus formats it: `date_created` → "Date
 * Created", `authorName` → "Author Name", `seo_url` → "SEO URL".
 */
export function formatFieldName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\-\s]+/)
    .filter(Boolean);
  return words
    .map((word, i) => {
      const lower = word.toLowerCase();
      if (ACRONYMS.has(lower)) return lower.toUpperCase();
      if (i > 0 && SMALL_WORDS.has(lower)) return lower;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}

interface Translation {
  language: string;
  translation: string;
}

function translationsOf(raw: unknown): Translation[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((t: unknown) => {
    if (typeof t !== 'object' || t === null) return [];
    const { language, translation } = t as Record<string, unknown>;
    return typeof language === 'string' && typeof translation === 'string' && translation.trim()
      ? [{ language, translation }]
      : [];
  });
}

/**
 * The translation for `locale` out of Directus-style `meta.translations`
 * (`[{language: 'de-DE', translation: 'Titel'}]`): an exact language tag first, then the
 * same base language (`de` matches `de-DE` and the other way round).
 */
export function translationFor(raw: unknown, locale: string): string | null {
  const list = translationsOf(raw);
  const wanted = locale.toLowerCase();
  const base = wanted.split('-')[0];
  const exact = list.find((t) => t.language.toLowerCase() === wanted);
  const close = list.find((t) => t.language.toLowerCase().split('-')[0] === base);
  return (exact ?? close)?.translation ?? null;
}

/** The label of a field: its translation for the locale, else its formatted name. */
export function fieldLabel(
  field: Pick<Field, 'field'> & { meta?: { translations?: unknown } | null },
  locale: string,
): string {
  return translationFor(field.meta?.translations, locale) ?? formatFieldName(field.field);
}
