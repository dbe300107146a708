import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  env_file?: string;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number };
  ports?: string[];
}
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
};
const { services } = compose;

// `docker compose config` (a CI step) checks the syntax; these check what the file promises.
describe('compose.yaml', () => {
  it('runs two or more app instances on PostgreSQL, Redis and MinIO behind one proxy', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['app', 'minio', 'minio-bucket', 'postgres', 'proxy', 'redis'].sort(),
    );
    expect(services.app!.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(services.app!.environment).toMatchObject({
      REDIS_URL: 'redis://redis:6379',
      STORAGE_S3_ENDPOINT: 'http://minio:9000',
      TRUST_PROXY: 'true',
    });
    expect(services.app!.environment!.DATABASE_URL).toMatch(/@postgres:5432\/daas$/);
    // Only the proxy is published: the instances are reached through it.
    expect(Object.entries(services).filter(([, s]) => s.ports)).toEqual([
      ['proxy', expect.anything()],
    ]);
    expect(read('deploy/Caddyfile')).toMatch(/dynamic a app 3000/);
  });

  it('starts each service after what it needs is healthy', () => {
    for (const name of ['postgres', 'redis', 'minio', 'app']) {
      expect(services[name]!.healthcheck?.test.length, name).toBeGreaterThan(0);
    }
    expect(services.app!.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      'minio-bucket': { condition: 'service_completed_successfully' },
    });
    expect(services.proxy!.depends_on).toEqual({ app: { condition: 'service_healthy' } });
  });

  it('takes every secret from the env file, none written in the file itself', () => {
    const text = read('compose.yaml');
    expect(text).not.toMatch(/(PASSWORD|SECRET|_KEY):\s*['"]?\w/);
    for (const name of ['postgres', 'minio', 'minio-bucket', 'app']) {
      expect(services[name]!.env_file).toBe('${DAAS_ENV_FILE:-.env}');
    }
    const example = read('deploy/compose.env.example');
    for (const key of ['SECRET', 'POSTGRES_PASSWORD', 'MINIO_ROOT_PASSWORD', 'STORAGE_S3_SECRET']) {
      expect(example).toMatch(new RegExp(`^${key}=change-me`, 'm'));
    }
  });
});
