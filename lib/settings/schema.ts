import { z } from 'zod';

/** Shown instead of a stored SMTP password; sent back unchanged it means "keep the password". */
export const PASSWORD_MASK = '**********';

export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

// PostgreSQL text cannot hold NUL; refusing it here keeps it a 400 instead of a database error.
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\0'), 'must not contain NUL characters');

const origin = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}, 'must be an origin such as https://app.example.com (scheme, host and optional port; no path or trailing slash)');

// RFC 9110 token characters: a header name.
const headerName = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'must be a header name');

const unique = <T>(items: T[]) => new Set(items).size === items.length;

/** A named image transform; the limits match those of transforms asked for in the query. */
export const assetPreset = z
  .object({
    key: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be lowercase letters, digits, - or _'),
    width: z.number().int().min(1).max(6000).optional(),
    height: z.number().int().min(1).max(6000).optional(),
    fit: z.enum(['cover', 'contain', 'inside', 'outside']).optional(),
    quality: z.number().int().min(1).max(100).optional(),
    format: z.enum(['jpg', 'jpeg', 'png', 'webp', 'avif', 'auto']).optional(),
    withoutEnlargement: z.boolean().optional(),
  })
  .strict();
export type AssetPreset = z.infer<typeof assetPreset>;

export const generalPatch = z
  .object({
    project_name: text(100).min(1),
    activity_retention_days: z.number().int().min(0).max(2_147_483_647),
  })
  .partial()
  .strict();

export const settingsPatch = z
  .object({
    project_name: text(100).min(1),
    activity_retention_days: z.number().int().min(0).max(2_147_483_647),
    smtp_enabled: z.boolean(),
    smtp_host: z
      .string()
      .max(255)
      .regex(/^[A-Za-z0-9.:[\]-]+$/, 'must be a host name or IP address')
      .nullable(),
    smtp_port: z.number().int().min(1).max(65535).nullable(),
    smtp_secure: z.boolean(),
    smtp_ignore_tls: z.boolean(),
    smtp_user: text(255).nullable(),
    smtp_password: text(1000).nullable(),
    smtp_from_email: z.email().max(255).nullable(),
    smtp_from_name: text(255).nullable(),
    cors_enabled: z.boolean(),
    cors_origins: z.array(origin).max(100).refine(unique, 'must not repeat an origin'),
    cors_methods: z.array(z.enum(CORS_METHODS)).refine(unique, 'must not repeat a method'),
    cors_allowed_headers: z.array(headerName).max(100),
    cors_expose_headers: z.array(headerName).max(100),
    cors_allow_credentials: z.boolean(),
    cors_max_age: z.number().int().min(0).max(86_400),
    mcp_enabled: z.boolean(),
    mcp_allow_deletes: z.boolean(),
    mcp_system_prompt_enabled: z.boolean(),
    mcp_system_prompt: text(20_000).nullable(),
    storage_asset_presets: z
      .array(assetPreset)
      .max(100)
      .refine((list) => unique(list.map((p) => p.key)), 'must not repeat a key'),
  })
  .partial()
  .strict();

export type SettingsPatch = z.infer<typeof settingsPatch>;
export type GeneralPatch = z.infer<typeof generalPatch>;

export const smtpTestBody = z
  .object({ to: z.email().max(255).optional() })
  .strict()
  .optional();

export type SmtpTestBody = z.infer<typeof smtpTestBody>;
