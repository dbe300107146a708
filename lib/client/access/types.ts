/** Shapes of the access system collections as the API returns them (Directus 11 model). */

export type UserStatus = 'active' | 'invited' | 'draft' | 'suspended' | 'archived';
export const USER_STATUSES: UserStatus[] = ['active', 'invited', 'draft', 'suspended', 'archived'];

export interface UserRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  status: UserStatus;
  role: string | null;
  last_access: string | null;
}

export interface RoleRow {
  id: string;
  name: string;
  icon: string | null;
  description: string | null;
  parent: string | null;
}

export interface PolicyRow {
  id: string;
  name: string;
  icon: string | null;
  description: string | null;
  ip_access: string[] | null;
  enforce_tfa: boolean;
  admin_access: boolean;
  app_access: boolean;
  delegate_access: boolean;
  public: boolean;
  module_access: Record<string, unknown>;
}

/** A grant: a policy (or, without one, an extra role) for a role or a user at a scope. */
export interface AccessRow {
  id: string;
  policy: string | null;
  role: string | null;
  user: string | null;
  scope: string | null;
  sort: number | null;
}

export const PERMISSION_ACTIONS = ['create', 'read', 'update', 'delete', 'share'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

export type FilterValue = Record<string, unknown>;

export interface PermissionRule {
  id: number;
  policy: string;
  collection: string;
  action: PermissionAction;
  fields: string[] | null;
  permissions: FilterValue | null;
  validation: FilterValue | null;
  presets: Record<string, unknown> | null;
}

export interface ScopeItem {
  id: string;
  uri: string;
  name: string | null;
  parent: string | null;
  missing_uri_mode: 'allow' | 'reject';
}

export interface ModuleKeyNode {
  id: string;
  /** null for a folder: it only groups keys. */
  key: string | null;
  name: string;
  description: string | null;
  parent: string | null;
  sort: number | null;
}

export interface ListMeta {
  filter_count?: number;
  total_count?: number;
}

export interface ListResponse<T> {
  data: T[];
  meta?: ListMeta;
}
