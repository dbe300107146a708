const ACRONYMS = new Set(['id', 'url', 'uuid', 'api', 'ip', 'json', 'html', 'sql', 'seo']);

/** "date_created" → "Date Created", "userId" → "User ID". */
export function titleCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w[0].toUpperCase() + w.slice(1)))
    .join(' ');
}
