import 'server-only';
import cluster from 'node:cluster';
import {
  RateLimiterCluster,
  RateLimiterClusterMaster,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { z } from 'zod';
import { AppError, TooManyRequestsError } from '@/lib/core/errors';
import { logger } from '@/lib/core/logger';
import { firstConnection, redisLimiter, redisPrefix } from '@/lib/redis';

/**
 * Brute-force protection for sign-in and second-factor checks, after OWASP's guidance:
 * failures are counted per account (whatever address they come from, so spreading guesses
 * over many addresses does not help) and per address (whatever account they aim at, so
 * trying one password against many accounts does not help either). Only failures count: a
 * success refunds its attempt and clears the account's count.
 *
 * With REDIS_URL every instance shares the counts. Without it, the workers of one `npm start`
 * share them through the primary process (which holds them in memory and answers over the
 * cluster's IPC channel), so N workers don't give an attacker N times the budget; a single
 * process (`next dev`, tests, the embedded database) keeps them in its own memory.
 */
const envSchema = z.object({
  AUTH_RATE_LIMIT_POINTS: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_DURATION: z.coerce.number().int().positive().default(900),
  AUTH_RATE_LIMIT_IP_POINTS: z.coerce.number().int().positive().optional(),
});

interface Limits {
  /** Failures allowed per account within `duration`. */
  points: number;
  /** Window in seconds, from the first failure. */
  duration: number;
  /** Failures allowed per address; several people may share one address (NAT, proxies). */
  ipPoints: number;
}

export function authRateLimits(): Limits {
  const env = envSchema.parse({
    AUTH_RATE_LIMIT_POINTS: process.env.AUTH_RATE_LIMIT_POINTS || undefined,
    AUTH_RATE_LIMIT_DURATION: process.env.AUTH_RATE_LIMIT_DURATION || undefined,
    AUTH_RATE_LIMIT_IP_POINTS: process.env.AUTH_RATE_LIMIT_IP_POINTS || undefined,
  });
  return {
    points: env.AUTH_RATE_LIMIT_POINTS,
    duration: env.AUTH_RATE_LIMIT_DURATION,
    ipPoints: env.AUTH_RATE_LIMIT_IP_POINTS ?? env.AUTH_RATE_LIMIT_POINTS * 5,
  };
}

/** What is being guarded; each has its own counters. */
export type AuthAction = 'login' | 'otp' | 'password-request';

type Dimension = 'account' | 'ip';

/** What the limits use of a limiter. */
interface Counter {
  consume(key: string): Promise<RateLimiterRes>;
  reward(key: string): Promise<unknown>;
  delete(key: string): Promise<unknown>;
}

const limiters = new Map<string, Counter>();

/** Set by the primary on the workers it forks, once it holds the shared counters. */
const SHARED_ENV = 'DAAS_CLUSTER_RATE_LIMITS';
/** How long a worker waits for the primary's answer before counting on its own. */
const CLUSTER_TIMEOUT_MS = 3_000;

/**
 * In the primary of a cluster, before forking: holds every worker's counters. Returns the
 * environment the workers must be started with so they use it.
 */
export function shareRateLimitsWithWorkers(): Record<string, string> {
  new RateLimiterClusterMaster();
  return { [SHARED_ENV]: '1' };
}

function clusterShared(): boolean {
  return cluster.isWorker && process.env[SHARED_ENV] === '1' && typeof process.send === 'function';
}

/**
 * Made on first use and kept per configuration, so a changed environment (tests) gets
 * fresh limiters. With Redis, a process-local limiter stands in while Redis is unreachable:
 * the guarded endpoint keeps working, limited per instance.
 */
/**
 * The primary's shared counters, or this worker's own when the primary does not answer in
 * time (a busy machine): a slow answer must not turn a sign-in into a 500. Over the limit is
 * a RateLimiterRes, not an Error, and passes through.
 */
function withInsurance(shared: RateLimiterAbstract, local: RateLimiterAbstract): Counter {
  const call = <T>(run: (l: RateLimiterAbstract) => Promise<T>): Promise<T> =>
    run(shared).catch((err: unknown) => {
      if (!(err instanceof Error)) throw err;
      logger.warn({ err: err.message }, 'shared rate limit unanswered; counting in this worker');
      return run(local);
    });
  return {
    consume: (key) => call((l) => l.consume(key)),
    reward: (key) => call((l) => l.reward(key)),
    delete: (key) => call((l) => l.delete(key)),
  };
}

function counter(name: string, points: number, duration: number): Counter {
  const redis = redisLimiter();
  const keyPrefix = `${redisPrefix()}rl:${name}`;
  const store = redis ? 'redis' : clusterShared() ? 'cluster' : 'memory';
  const id = `${keyPrefix}:${points}:${duration}:${store}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    const options = { keyPrefix, points, duration };
    if (store === 'redis') {
      const shared = new RateLimiterRedis({
        ...options,
        storeClient: redis,
        // Not connected (Redis down, or reconnecting): straight to the local counter.
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options),
      });
      const connected = () => firstConnection(redis!);
      limiter = {
        consume: (key) => connected().then(() => shared.consume(key)),
        reward: (key) => connected().then(() => shared.reward(key)),
        delete: (key) => connected().then(() => shared.delete(key)),
      };
    } else if (store === 'cluster') {
      // The primary makes one limiter per prefix with the options it first hears of, so the
      // prefix carries them.
      limiter = withInsurance(
        new RateLimiterCluster({
          ...options,
          keyPrefix: `${keyPrefix}:${points}:${duration}`,
          timeoutMs: CLUSTER_TIMEOUT_MS,
        }),
        new RateLimiterMemory(options),
      );
    } else {
      limiter = new RateLimiterMemory(options);
    }
    limiters.set(id, limiter);
  }
  return limiter;
}

function limiterFor(
  action: AuthAction,
  dimension: Dimension,
  points = dimension === 'account' ? authRateLimits().points : authRateLimits().ipPoints,
): Counter {
  return counter(`${action}:${dimension}`, points, authRateLimits().duration);
}

function tooMany(res: RateLimiterRes): InstanceType<typeof TooManyRequestsError> {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new TooManyRequestsError('Too many requests', {
    headers: { 'retry-after': String(seconds) },
  });
}

interface Subject {
  /** The account aimed at: a normalized email, or a user id once signed in. */
  account?: string | null;
  ip: string | null;
}

function keysOf(subject: Subject): [Dimension, string][] {
  const keys: [Dimension, string][] = [['ip', subject.ip ?? 'unknown']];
  if (subject.account) keys.push(['account', subject.account.trim().toLowerCase()]);
  return keys;
}

/**
 * Runs one attempt under the limits of `action`. The attempt is reserved up front (atomic,
 * so parallel guesses cannot slip past the limit between a check and a count) and refunded
 * when `attempt` succeeds; a success also clears the account's count. Over the limit: 429
 * with Retry-After, without running the attempt at all, so a locked account's correct
 * password is refused too until the window passes.
 */
export async function limitAttempt<T>(
  action: AuthAction,
  subject: Subject,
  attempt: () => Promise<T>,
): Promise<T> {
  const keys = keysOf(subject);
  const reserved: [Dimension, string][] = [];
  const refund = () => Promise.all(reserved.map(([d, k]) => limiterFor(action, d).reward(k)));
  for (const [dimension, key] of keys) {
    try {
      await limiterFor(action, dimension).consume(key);
      reserved.push([dimension, key]);
    } catch (err) {
      await refund();
      if (err instanceof RateLimiterRes) throw tooMany(err);
      throw err;
    }
  }
  let result: T;
  try {
    result = await attempt();
  } catch (err) {
    // Only a refused credential is a failure; a bad request or an outage is not a guess.
    if (!(err instanceof AppError && err.status === 401)) await refund();
    throw err;
  }
  await Promise.all(
    keys.map(([dimension, key]) =>
      dimension === 'account'
        ? limiterFor(action, dimension).delete(key)
        : limiterFor(action, dimension).reward(key),
    ),
  );
  return result;
}

/**
 * Counts every request from an address, not only failures, for endpoints that answer the
 * same either way (a password reset request) and must not become a mail cannon.
 */
export async function limitRequest(action: AuthAction, ip: string | null): Promise<void> {
  try {
    await limiterFor(action, 'ip', authRateLimits().points).consume(ip ?? 'unknown');
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    throw tooMany(err);
  }
}

/**
 * At most `points` calls per `duration` seconds for one key (a caller), across instances
 * with Redis: 429 with Retry-After beyond that.
 */
export async function limitCalls(
  name: string,
  key: string,
  limit: { points: number; duration: number },
): Promise<void> {
  try {
    await counter(name, limit.points, limit.duration).consume(key);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    throw tooMany(err);
  }
}
