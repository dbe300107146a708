import 'server-only';
import { z } from 'zod';

/**
 * Identity providers configured in the environment, Directus-style: `AUTH_PROVIDERS` names
 * them, and `AUTH_<NAME>_*` holds each one's settings. Read here rather than in the core
 * config because the variable names depend on the provider names.
 */
export type ProviderDriver = 'openid' | 'oauth2';

export interface ProviderSettings {
  name: string;
  driver: ProviderDriver;
  clientId: string;
  clientSecret: string | undefined;
  /** openid: discovery base. */
  issuerUrl: string | undefined;
  /** oauth2: the three endpoints. */
  authorizeUrl: string | undefined;
  accessUrl: string | undefined;
  profileUrl: string | undefined;
  scope: string;
  identifierKey: string;
  allowPublicRegistration: boolean;
  defaultRoleId: string | undefined;
  roleMapping: Record<string, string>;
  groupClaimName: string;
  redirectAllowList: string[];
  /** A TOTP user signs in at level 2 when the provider says it checked a second factor. */
  trustProviderMfa: boolean;
  mfaAcrValues: string[];
  label: string;
  icon: string;
}

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const roleMapping = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return {};
    try {
      return z.record(z.string(), z.string().uuid()).parse(JSON.parse(v));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of claim value → role id' });
      return z.NEVER;
    }
  });

const providerEnv = z.object({
  DRIVER: z.enum(['openid', 'oauth2']),
  CLIENT_ID: z.string().min(1),
  CLIENT_SECRET: z.string().optional(),
  ISSUER_URL: z.string().url().optional(),
  AUTHORIZE_URL: z.string().url().optional(),
  ACCESS_URL: z.string().url().optional(),
  PROFILE_URL: z.string().url().optional(),
  SCOPE: z.string().optional(),
  IDENTIFIER_KEY: z.string().min(1).optional(),
  ALLOW_PUBLIC_REGISTRATION: flag,
  DEFAULT_ROLE_ID: z.string().uuid().optional(),
  ROLE_MAPPING: roleMapping,
  GROUP_CLAIM_NAME: z.string().min(1).default('groups'),
  REDIRECT_ALLOW_LIST: list,
  TRUST_PROVIDER_MFA: flag,
  MFA_ACR_VALUES: list,
  LABEL: z.string().optional(),
  ICON: z.string().optional(),
});

const NAME = /^[a-z0-9_-]{1,64}$/i;

function parseProvider(name: string): ProviderSettings {
  const prefix = `AUTH_${name.toUpperCase().replace(/-/g, '_')}_`;
  const raw: Record<string, string | undefined> = {};
  for (const key of Object.keys(providerEnv.shape)) raw[key] = process.env[prefix + key];
  const parsed = providerEnv.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${prefix}${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid identity provider settings: ${issues.join('; ')}`);
  }
  const e = parsed.data;
  const openid = e.DRIVER === 'openid';
  if (openid && !e.ISSUER_URL) throw new Error(`${prefix}ISSUER_URL is required for openid`);
  if (!openid && !(e.AUTHORIZE_URL && e.ACCESS_URL && e.PROFILE_URL)) {
    throw new Error(`${prefix}AUTHORIZE_URL, ACCESS_URL and PROFILE_URL are required for oauth2`);
  }
  return {
    name,
    driver: e.DRIVER,
    clientId: e.CLIENT_ID,
    clientSecret: e.CLIENT_SECRET,
    issuerUrl: e.ISSUER_URL,
    authorizeUrl: e.AUTHORIZE_URL,
    accessUrl: e.ACCESS_URL,
    profileUrl: e.PROFILE_URL,
    scope: e.SCOPE ?? (openid ? 'openid profile email' : 'email'),
    identifierKey: e.IDENTIFIER_KEY ?? 'email',
    allowPublicRegistration: e.ALLOW_PUBLIC_REGISTRATION,
    defaultRoleId: e.DEFAULT_ROLE_ID,
    roleMapping: e.ROLE_MAPPING,
    groupClaimName: e.GROUP_CLAIM_NAME,
    redirectAllowList: e.REDIRECT_ALLOW_LIST,
    trustProviderMfa: e.TRUST_PROVIDER_MFA,
    mfaAcrValues: e.MFA_ACR_VALUES,
    label: e.LABEL ?? name.charAt(0).toUpperCase() + name.slice(1),
    icon: e.ICON ?? (openid ? 'account_circle' : 'lock'),
  };
}

let last: { key: string; providers: ProviderSettings[] } | null = null;

/** Every `AUTH_*` variable forms the cache key, so tests may reconfigure between requests. */
export function authProviders(): ProviderSettings[] {
  const key = Object.keys(process.env)
    .filter((k) => k.startsWith('AUTH_'))
    .sort()
    .map((k) => `${k}=${process.env[k]}`)
    .join('\u0001');
  if (last?.key === key) return last.providers;
  const names = (process.env.AUTH_PROVIDERS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const n of names) {
    if (!NAME.test(n)) throw new Error(`AUTH_PROVIDERS: "${n}" is not a valid provider name`);
  }
  const providers = names.map(parseProvider);
  last = { key, providers };
  return providers;
}

export function findProvider(name: string): ProviderSettings | undefined {
  return authProviders().find((p) => p.name === name);
}

/** `GET /api/auth`: what a sign-in page needs to draw one button per provider. */
export function listProviders(): {
  name: string;
  driver: ProviderDriver;
  icon: string;
  label: string;
}[] {
  return authProviders().map(({ name, driver, icon, label }) => ({ name, driver, icon, label }));
}
