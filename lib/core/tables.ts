import type { ColumnType, Generated, Kysely } from 'kysely';

/** Values the database fills in: optional on insert, always present on read. */
type Auto<T> = Generated<T>;
type Json = unknown;
type Timestamp = ColumnType<string, string | Date | undefined, string | Date>;

export interface RolesTable {
  id: Auto<string>;
  name: string;
  icon: Auto<string>;
  description: string | null;
  parent: string | null;
}

export interface PoliciesTable {
  id: Auto<string>;
  name: string;
  icon: Auto<string>;
  description: string | null;
  ip_access: Json | null;
  enforce_tfa: Auto<boolean>;
  admin_access: Auto<boolean>;
  app_access: Auto<boolean>;
  delegate_access: Auto<boolean>;
  public: Auto<boolean>;
  module_access: ColumnType<Record<string, boolean>, string | undefined, string>;
}

export interface UsersTable {
  id: Auto<string>;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  password: string | null;
  location: string | null;
  title: string | null;
  description: string | null;
  tags: Json | null;
  avatar: string | null;
  language: string | null;
  tfa_secret: string | null;
  status: Auto<'active' | 'invited' | 'draft' | 'suspended' | 'archived'>;
  role: string | null;
  token: string | null;
  last_access: ColumnType<string | null, string | Date | null | undefined, string | Date | null>;
  last_page: string | null;
  provider: Auto<string>;
  external_identifier: string | null;
  appearance: string | null;
  email_notifications: Auto<boolean>;
}

export interface AccessTable {
  id: Auto<string>;
  role: string | null;
  user: string | null;
  policy: string | null;
  scope: string | null;
  sort: number | null;
}

export interface PermissionsTable {
  id: Auto<number>;
  policy: string;
  collection: string;
  action: 'create' | 'read' | 'update' | 'delete' | 'share';
  permissions: Json | null;
  validation: Json | null;
  presets: Json | null;
  fields: Json | null;
}

export interface ScopeItemsTable {
  id: Auto<string>;
  uri: string;
  name: string | null;
  parent: string | null;
  missing_uri_mode: Auto<'allow' | 'reject'>;
}

export interface ModuleAccessKeysTable {
  id: Auto<string>;
  key: string | null;
  name: string;
  description: string | null;
  parent: string | null;
  sort: number | null;
}

export interface SessionsTable {
  id: Auto<string>;
  token_hash: string;
  previous_token_hash: string | null;
  user: string;
  expires: Timestamp;
  created_on: Auto<string>;
  ip: string | null;
  user_agent: string | null;
  origin: string | null;
  assurance: Auto<number>;
}

export interface ActivityTable {
  id: Auto<number>;
  action: string;
  user: string | null;
  timestamp: Auto<string>;
  ip: string | null;
  user_agent: string | null;
  collection: string;
  item: string;
  origin: string | null;
  comment: string | null;
}

export interface TfaStepsTable {
  user: string;
  step: string | number;
}

export interface SettingsTable {
  id: Auto<number>;
  project_name: Auto<string>;
  activity_retention_days: Auto<number>;
  smtp_enabled: Auto<boolean>;
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_secure: Auto<boolean>;
  smtp_ignore_tls: Auto<boolean>;
  smtp_user: string | null;
  smtp_password: string | null;
  smtp_from_email: string | null;
  smtp_from_name: string | null;
  cors_enabled: Auto<boolean>;
  cors_origins: ColumnType<string[], string | undefined, string>;
  cors_methods: ColumnType<string[], string | undefined, string>;
  cors_allowed_headers: ColumnType<string[], string | undefined, string>;
  cors_expose_headers: ColumnType<string[], string | undefined, string>;
  cors_allow_credentials: Auto<boolean>;
  cors_max_age: Auto<number>;
  mcp_enabled: Auto<boolean>;
  mcp_allow_deletes: Auto<boolean>;
  mcp_system_prompt_enabled: Auto<boolean>;
  storage_asset_presets: ColumnType<unknown, string | undefined, string>;
  mcp_system_prompt: string | null;
}

export interface CollectionsMetaTable {
  collection: string;
  icon: string | null;
  note: string | null;
  display_template: string | null;
  hidden: Auto<boolean>;
  singleton: Auto<boolean>;
  translations: Json | null;
  archive_field: string | null;
  archive_app_filter: Auto<boolean>;
  archive_value: string | null;
  unarchive_value: string | null;
  sort_field: string | null;
  accountability: string | null;
  color: string | null;
  item_duplication_fields: Json | null;
  sort: number | null;
  group: string | null;
  collapse: Auto<string>;
  preview_url: string | null;
  versioning: Auto<boolean>;
  indexes: Json | null;
}

export interface FieldsMetaTable {
  id: Auto<number>;
  collection: string;
  field: string;
  special: Json | null;
  interface: string | null;
  options: Json | null;
  display: string | null;
  display_options: Json | null;
  readonly: Auto<boolean>;
  hidden: Auto<boolean>;
  sort: number | null;
  width: string | null;
  translations: Json | null;
  note: string | null;
  conditions: Json | null;
  required: boolean | null;
  group: string | null;
  validation: Json | null;
  validation_message: string | null;
  searchable: boolean | null;
}

export interface RelationsMetaTable {
  id: Auto<number>;
  many_collection: string;
  many_field: string;
  one_collection: string | null;
  one_field: string | null;
  one_collection_field: string | null;
  one_allowed_collections: Json | null;
  junction_field: string | null;
  sort_field: string | null;
  one_deselect_action: Auto<string>;
}

export interface MigrationsTable {
  name: string;
  applied_on: Auto<string>;
}

/**
 * The tables the services address by name. Tables whose services are not written yet
 * (files, revisions, versions, workflow, extensions) are reached through
 * their own modules' types when those land.
 */
export interface FilesTable {
  id: Auto<string>;
  storage: Auto<string>;
  filename_disk: string | null;
  filename_download: string;
  title: string | null;
  type: string | null;
  folder: string | null;
  uploaded_by: string | null;
  created_on: Auto<Timestamp>;
  modified_by: string | null;
  modified_on: ColumnType<string, string | Date | undefined, string | Date>;
  filesize: ColumnType<string | null, number | null | undefined, number | null>;
  width: number | null;
  height: number | null;
  duration: number | null;
  description: string | null;
  tags: ColumnType<Json, string | null | undefined, string | null>;
  metadata: ColumnType<Json, string | null | undefined, string | null>;
  uploaded_on: ColumnType<string | null, string | Date | null | undefined, string | Date | null>;
  scope: string | null;
}

export interface FoldersTable {
  id: Auto<string>;
  name: string;
  parent: string | null;
}

export interface CommentsTable {
  id: Auto<string>;
  collection: string;
  item: string;
  comment: string;
  date_created: Auto<Date | null>;
  date_updated: Date | null;
  user_created: string | null;
  user_updated: string | null;
}

export interface Database {
  daas_migrations: MigrationsTable;
  daas_roles: RolesTable;
  daas_policies: PoliciesTable;
  daas_users: UsersTable;
  daas_access: AccessTable;
  daas_permissions: PermissionsTable;
  daas_scope_items: ScopeItemsTable;
  daas_module_access_keys: ModuleAccessKeysTable;
  daas_sessions: SessionsTable;
  daas_activity: ActivityTable;
  daas_tfa_steps: TfaStepsTable;
  daas_settings: SettingsTable;
  daas_collections: CollectionsMetaTable;
  daas_fields: FieldsMetaTable;
  daas_relations: RelationsMetaTable;
  daas_files: FilesTable;
  daas_folders: FoldersTable;
  daas_comments: CommentsTable;
}

/** The typed kysely executor over these tables: the client, or a transaction on it. */
export type Db = Kysely<Database>;
