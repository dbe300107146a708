import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from './database';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'admin-password-1';

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  /** A multipart/form-data body; the boundary header is set by the request. */
  form?: FormData;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  request<T = any>(path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /** Signs in and returns the access token. */
  login(email?: string, password?: string): Promise<string>;
  adminToken(): Promise<string>;
}

/**
 * Fresh database, migrated and bootstrapped, for one test file; requests go through the
 * route table to the real route handlers, as the production server sends them.
 */
export function setupTestApp(): TestApp {
  let drop: (() => Promise<void>) | undefined;
  let dispatch: ((r: Request) => Promise<Response>) | undefined;
  let adminToken: string | undefined;

  beforeAll(async () => {
    process.env.ADMIN_EMAIL = ADMIN_EMAIL;
    process.env.ADMIN_PASSWORD = ADMIN_PASSWORD;
    const db = await createTestDatabase();
    drop = db.drop;
    const { startup } = await import('@/lib/startup');
    await startup();
    dispatch = (await import('@/lib/http/dispatch')).dispatch;
  });

  afterAll(async () => {
    const { closeDb } = await import('@/lib/db/client');
    await closeDb();
    await drop?.();
  });

  const app: TestApp = {
    async request(path, options = {}) {
      const headers = new Headers(options.headers);
      let body: string | FormData | undefined = options.form ?? options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      }
      if (options.token) headers.set('authorization', `Bearer ${options.token}`);
      const response = await dispatch!(
        new Request(`http://localhost${path}`, { method: options.method ?? 'GET', headers, body }),
      );
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, headers: response.headers, body: parsed as any, text };
    },
    async login(email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
      const res = await app.request('/api/auth/login', {
        method: 'POST',
        body: { email, password },
      });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
      return res.body.data.access_token as string;
    },
    async adminToken() {
      adminToken ??= await app.login();
      return adminToken;
    },
  };
  return app;
}
