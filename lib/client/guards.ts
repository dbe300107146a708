/**
 * A JSON object: neither null nor an array. The browser's copy of the server's guard, as
 * browser code may take only types from server modules.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
