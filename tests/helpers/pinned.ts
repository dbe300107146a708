import http from 'node:http';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server';

/** One keep-alive connection: every request through it reaches the same worker. */
export interface Pinned {
  request(
    path: string,
    init?: { method?: string; token?: string; body?: unknown },
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }>;
  close(): void;
}

export function pinned(baseUrl: string): Pinned {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    request(path, init = {}) {
      const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
      return new Promise((resolve, reject) => {
        const req = http.request(
          `${baseUrl}${path}`,
          {
            agent,
            method: init.method ?? 'GET',
            headers: {
              ...(init.token && { authorization: `Bearer ${init.token}` }),
              ...(payload && { 'content-type': 'application/json' }),
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (d: string) => (text += d));
            res.on('end', () => {
              const json = (res.headers['content-type'] ?? '').includes('json');
              resolve({
                status: res.statusCode!,
                headers: res.headers,
                body: json ? JSON.parse(text) : text,
              });
            });
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

/**
 * Two keep-alive connections held by different workers. No header names the worker: a read
 * that one connection's worker has cached is a cache hit on a second connection only when
 * that connection reached the same worker, so connections are opened until one misses.
 */
export async function pinnedToTwoWorkers(
  baseUrl: string,
  probe: string,
  token: string,
): Promise<[Pinned, Pinned]> {
  const first = pinned(baseUrl);
  for (let i = 0; i < 50; i++) {
    const res = await first.request(probe, { token });
    if (res.headers['x-cache'] === 'HIT') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  for (let i = 0; i < 20; i++) {
    const second = pinned(baseUrl);
    const res = await second.request(probe, { token });
    if (res.headers['x-cache'] === 'MISS') return [first, second];
    second.close();
  }
  throw new Error('no connection reached a second worker');
}

/**
 * One request over a connection of its own. The primary of `npm start` hands connections to
 * its workers in turn, so consecutive calls reach the workers alternately.
 */
export async function onNewConnection(
  baseUrl: string,
  path: string,
  init?: Parameters<Pinned['request']>[1],
): ReturnType<Pinned['request']> {
  const connection = pinned(baseUrl);
  try {
    return await connection.request(path, init);
  } finally {
    connection.close();
  }
}

/** The administrator's access token, once a new collection with a `title` field is made. */
export async function adminWithCollection(baseUrl: string, collection: string): Promise<string> {
  const login = await onNewConnection(baseUrl, '/api/auth/login', {
    method: 'POST',
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  const token: string = login.body.data.access_token;
  const made = await onNewConnection(baseUrl, '/api/collections', {
    method: 'POST',
    token,
    body: { collection, fields: [{ field: 'title', type: 'string' }] },
  });
  if (made.status !== 201) throw new Error(`collection ${collection} not made: ${made.status}`);
  return token;
}
