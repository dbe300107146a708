import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInAsAdmin } from './studio-session';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server';

/**
 * The administrator's API for a test server started later (`url` is read per call). Loading
 * 100,000 rows takes longer than an access token lives, so every read signs in afresh.
 */
export function adminApi(url: () => string) {
  let token: string | undefined;

  async function signIn(): Promise<void> {
    const login = await fetch(`${url()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  }

  /** `body` of a call as the administrator; anything but a 2xx throws with the answer. */
  async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    if (method === 'GET' || !token) await signIn();
    const res = await fetch(url() + path, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  return api;
}

export type AdminApi = ReturnType<typeof adminApi>;

/**
 * Creates rows 1..`count` through the API in requests of `chunk` rows, `parallel` at once,
 * never analysed afterwards (as a new user's import leaves a table). Keys are given, so row
 * n has id n whichever request lands first.
 */
export async function seedRows(
  api: AdminApi,
  collection: string,
  options: {
    count: number;
    row: (n: number) => Record<string, unknown>;
    /** Rows per request: 5,000 is about 300 KB, well within the request size limit. */
    chunk?: number;
    parallel?: number;
  },
): Promise<void> {
  const { count, row, chunk = 5_000, parallel = 2 } = options;
  const starts = Array.from({ length: Math.ceil(count / chunk) }, (_, i) => 1 + i * chunk);
  const load = async () => {
    for (let start = starts.shift(); start !== undefined; start = starts.shift()) {
      const size = Math.min(chunk, count - start + 1);
      await api(
        'POST',
        `/api/items/${collection}`,
        Array.from({ length: size }, (_, i) => ({ id: start + i, ...row(start + i) })),
      );
    }
  };
  await Promise.all(Array.from({ length: parallel }, load));
}

/**
 * Opens a page signed in as the administrator at the given size; the first call signs in
 * through the form, later ones reuse its session.
 */
export function adminPages(browser: () => Browser, url: () => string) {
  let session: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
  return async function signedIn(
    width = 1280,
    height = 800,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser().newContext({
      baseURL: url(),
      viewport: { width, height },
      storageState: session,
    });
    const page = await context.newPage();
    if (!session) {
      await signInAsAdmin(page);
      session = await context.storageState();
    }
    return { context, page };
  };
}
