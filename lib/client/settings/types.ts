/** `GET /api/settings` as the server presents it (the SMTP password is only ever a mask). */
export interface Settings {
  id: number;
  project_name: string;
  activity_retention_days: number;
  smtp_enabled: boolean;
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_secure: boolean;
  smtp_ignore_tls: boolean;
  smtp_user: string | null;
  /** `'**********'` when a password is stored, null when none is. */
  smtp_password: string | null;
  smtp_from_email: string | null;
  smtp_from_name: string | null;
  cors_enabled: boolean;
  cors_origins: string[];
  cors_methods: string[];
  cors_allowed_headers: string[];
  cors_expose_headers: string[];
  cors_allow_credentials: boolean;
  cors_max_age: number;
  mcp_enabled: boolean;
  mcp_allow_deletes: boolean;
  mcp_system_prompt_enabled: boolean;
  mcp_system_prompt: string | null;
}

export type SettingsPatch = Partial<Omit<Settings, 'id'>>;

/** The mask the server shows for a stored password; sent back it keeps the password. */
export const PASSWORD_MASK = '**********';

export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
