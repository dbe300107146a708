/**
 * The scope part of a query key. The studio names its active scope through the
 * `daas_resource_uri` cookie the server reads; the same data at another scope is other data,
 * so every scope-dependent key carries it. `undefined` (no scope chosen) and `null` mean the
 * same to these lists; `''` (the root scope, named explicitly) stays distinct, because
 * `GET /api/permissions/me` tells the two apart.
 */
export type ScopeKey = string | null;

export function scopeKey(scope: string | null | undefined): ScopeKey {
  return scope ?? null;
}
