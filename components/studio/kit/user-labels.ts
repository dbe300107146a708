import type { RoleRow, UserRow } from '@/lib/client/access/types';

/** "First Last", else the email, else the id: what a person recognises first. */
export function userLabel(
  user: Pick<UserRow, 'id' | 'first_name' | 'last_name' | 'email'>,
): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || user.email || user.id;
}

export function byId<T extends { id: string }>(rows: T[] | undefined): Map<string, T> {
  return new Map((rows ?? []).map((row) => [row.id, row]));
}

export function roleName(roles: Map<string, RoleRow>, id: string | null): string | null {
  return id ? (roles.get(id)?.name ?? id) : null;
}
