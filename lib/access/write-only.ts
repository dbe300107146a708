/**
 * Write-only fields: set through their own endpoints, never returned, filtered, sorted,
 * searched or aggregated on by anyone, through any path (a relation from another
 * collection included), and kept out of revisions.
 */
export const WRITE_ONLY: Readonly<Record<string, readonly string[]>> = {
  daas_users: ['password', 'token', 'tfa_secret'],
};
