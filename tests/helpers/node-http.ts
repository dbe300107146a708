import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on a free loopback port and answers the base URL. */
export async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function close(server: http.Server | undefined): Promise<void> {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
}

/**
 * POSTs `body` `times` times through a keep-alive agent of one socket: the statuses, and how
 * many connections the server saw (1 when every request reused the first).
 */
export async function postOnOneSocket(
  server: http.Server,
  base: string,
  times: number,
  body: string,
): Promise<{ statuses: number[]; connections: number }> {
  let connections = 0;
  const count = () => connections++;
  server.on('connection', count);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const statuses: number[] = [];
  try {
    for (let i = 0; i < times; i++) {
      statuses.push(
        await new Promise<number>((resolve, reject) => {
          const req = http.request(base, { method: 'POST', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode!));
          });
          req.on('error', reject);
          req.end(body);
        }),
      );
    }
  } finally {
    agent.destroy();
    server.off('connection', count);
  }
  return { statuses, connections };
}

/** POSTs `payload` as JSON and answers the parsed response body. */
export async function postJson(url: string, payload: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return res.json();
}
