import http from 'node:http';

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
