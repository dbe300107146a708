import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server';

/** Signs the administrator in through the login form and waits for the studio. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/en/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signing in lands on the studio's home.
  await page.waitForURL(/\/en$/);
}

/** The session cookie as a header, to check through the API what the studio did. */
export async function sessionHeaders(context: BrowserContext): Promise<Record<string, string>> {
  const session = (await context.cookies()).find((c) => c.name === 'daas_session');
  return { cookie: `daas_session=${session?.value ?? ''}`, 'content-type': 'application/json' };
}

/** `{data}` of an API call made with the browser's session. */
export async function apiAs<T>(
  context: BrowserContext,
  url: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: await sessionHeaders(context),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text}`);
  return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
}

/**
 * Waits (a few seconds at most) until nothing is loading and no finite transition runs: a
 * region dimmed while it refetches, or fading back, has lower contrast for a moment, and
 * axe would report that moment rather than the page.
 */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[aria-busy="true"]') &&
        document
          .getAnimations()
          .every(
            (a) =>
              a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5_000, polling: 100 },
    )
    .catch(() => undefined);
}

/** No serious or critical accessibility violation on the page once it has settled. */
export async function expectAccessible(
  page: Page,
  options: { exclude?: string[]; disableRules?: string[] } = {},
): Promise<void> {
  await settled(page);
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad).toEqual([]);
}

/** Screenshots for looking at the pages, outside the repository. */
export async function shot(
  page: Page,
  dir: string,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}
