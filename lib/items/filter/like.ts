/** Escapes a user term for LIKE/ILIKE (default escape character `\`). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
