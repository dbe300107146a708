import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestResponse } from '../helpers/app';
import { createTokenUser, type TokenUser } from '../helpers/token-users';

const app = setupTestApp();
let admin: TokenUser;

beforeAll(async () => {
  admin = await createTokenUser({ admin: true });
});

afterEach(() => {
  delete process.env.MAX_PAYLOAD_SIZE;
});

const patchRaw = (rawBody: string, contentType = 'application/json', extra = {}) =>
  app.request('/api/settings', {
    method: 'PATCH',
    token: admin.token,
    rawBody,
    headers: { 'content-type': contentType, ...extra },
  });

/** The structured envelope with one error of this code, and nothing internal in the text. */
function expectError(res: TestResponse, status: number, code: string): string {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body).toEqual({
    errors: [{ message: expect.any(String), extensions: expect.objectContaining({ code }) }],
  });
  expect(res.text).not.toMatch(/\b(select|insert|update|from)\b .*\b(daas_|where|set)\b/i);
  expect(res.text).not.toMatch(/\bat .*\(?[\w/.-]+\.(js|ts|mjs):\d+/);
  expect(res.text).not.toMatch(/node_modules|Unexpected token|Expected property name|SyntaxError/);
  return res.body.errors[0].message as string;
}

describe('malformed JSON', () => {
  it.each([['{"project_name": '], ['{project_name: "x"}'], ["{'a': 1}"], ['{"a":1}}']])(
    'answers 400 INVALID_PAYLOAD for %s without echoing the parser',
    async (raw) => {
      const message = expectError(await patchRaw(raw), 400, 'INVALID_PAYLOAD');
      expect(message).toBe('Request body is not valid JSON');
    },
  );

  it.each([['[1, 2]'], ['"text"'], ['null'], ['42']])(
    'answers 400 INVALID_PAYLOAD when the JSON %s is not an object',
    async (raw) => {
      const message = expectError(await patchRaw(raw), 400, 'INVALID_PAYLOAD');
      expect(message).toMatch(/^Invalid payload/);
    },
  );

  it('answers 400 INVALID_PAYLOAD for a missing body where one is required', async () => {
    const res = await app.request('/api/settings', { method: 'PATCH', token: admin.token });
    expectError(res, 400, 'INVALID_PAYLOAD');
  });
});

describe('content type', () => {
  it.each([
    ['text/plain'],
    ['application/x-www-form-urlencoded'],
    ['multipart/form-data; boundary=x'],
  ])('answers 415 UNSUPPORTED_MEDIA_TYPE for a body sent as %s', async (type) => {
    const message = expectError(
      await patchRaw('{"project_name":"x"}', type),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(message).toContain('application/json');
  });

  it('accepts a JSON body with a charset and a +json media type', async () => {
    const charset = await patchRaw('{"cors_max_age": 601}', 'application/json; charset=utf-8');
    expect(charset.status).toBe(200);
    const suffixed = await patchRaw('{"cors_max_age": 602}', 'application/merge-patch+json');
    expect(suffixed.status).toBe(200);
    expect(suffixed.body.data.cors_max_age).toBe(602);
  });
});

describe('payload size', () => {
  it('answers 413 CONTENT_TOO_LARGE above the default 1 MiB limit', async () => {
    const big = JSON.stringify({ mcp_system_prompt: 'x'.repeat(1024 * 1024) });
    const message = expectError(await patchRaw(big), 413, 'CONTENT_TOO_LARGE');
    expect(message).toContain('1048576');
  });

  it('follows MAX_PAYLOAD_SIZE', async () => {
    process.env.MAX_PAYLOAD_SIZE = '64';
    const body = JSON.stringify({ project_name: 'p'.repeat(80) });
    expectError(await patchRaw(body), 413, 'CONTENT_TOO_LARGE');
    const small = await patchRaw('{"cors_max_age": 603}');
    expect(small.status).toBe(200);
  });

  it('refuses a declared Content-Length above the limit before reading the body', async () => {
    process.env.MAX_PAYLOAD_SIZE = '1000';
    const res = await patchRaw('{}', 'application/json', { 'content-length': '5000000' });
    expectError(res, 413, 'CONTENT_TOO_LARGE');
  });
});

describe('fields', () => {
  it('answers 400 naming every unknown field', async () => {
    const res = await patchRaw(JSON.stringify({ project_name: 'x', colour: 1, size: 2 }));
    const message = expectError(res, 400, 'INVALID_PAYLOAD');
    expect(message).toContain('"colour"');
    expect(message).toContain('"size"');
    const fields = res.body.errors[0].extensions.fields as { field: string; type: string }[];
    expect(fields.map((f) => [f.field, f.type])).toEqual([
      ['colour', 'unknown_field'],
      ['size', 'unknown_field'],
    ]);
  });

  it.each([
    ['smtp_port', { smtp_port: '587' }],
    ['cors_enabled', { cors_enabled: 'yes' }],
    ['cors_origins', { cors_origins: { a: 1 } }],
    ['activity_retention_days', { activity_retention_days: null }],
    ['project_name', { project_name: 12 }],
  ])('answers 400 naming %s when its type is wrong', async (field, body) => {
    const res = await patchRaw(JSON.stringify(body));
    const message = expectError(res, 400, 'INVALID_PAYLOAD');
    expect(message).toContain(`"${field}"`);
    expect(res.body.errors[0].extensions.field).toBe(field);
  });

  it('refuses a NUL character with 400 instead of passing it to the database', async () => {
    const res = await patchRaw(JSON.stringify({ project_name: 'bad\u0000name' }));
    const message = expectError(res, 400, 'INVALID_PAYLOAD');
    expect(message).toContain('"project_name"');
  });

  it('leaves the settings untouched after any refused request', async () => {
    const res = await app.request('/api/settings', { token: admin.token });
    expect(res.body.data.project_name).toBe('DaaS');
    expect(res.body.data.smtp_port).toBeNull();
  });
});

describe('query strings on body-only endpoints', () => {
  it('ignores a query string where the endpoint declares none', async () => {
    const res = await app.request('/api/settings?fields=*', { token: admin.token });
    expect(res.status).toBe(200);
  });
});
