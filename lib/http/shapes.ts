/**
 * Which error body an endpoint answers with. The specification: the simple `{error, code?}`
 * body for auth, items, MCP settings and some utility endpoints; the structured envelope
 * `{errors: [{message, extensions: {code}}]}` for collections, settings, schema, files,
 * folders and the rest.
 */
export type ErrorShape = 'simple' | 'structured';

const SIMPLE_PREFIXES = ['/api/auth/', '/api/items/', '/api/mcp', '/api/utils/', '/api/logs'];

export function errorShapeFor(pathname: string): ErrorShape {
  return SIMPLE_PREFIXES.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p))
    ? 'simple'
    : 'structured';
}
