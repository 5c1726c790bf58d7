import { Redis } from 'ioredis';

/** Connects to Redis and fails fast when it cannot be reached, rather than queueing commands forever. */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false });
  await redis.connect();
  return redis;
}

/**
 * Every Redis key and pub/sub channel name the server uses, all under the deployment's
 * REDIS_KEY_PREFIX, named in this one place. (ioredis's own `keyPrefix` option would not reach
 * pub/sub channel names, so the names carry the prefix themselves.)
 */
export function redisNames(prefix: string) {
  return {
    /** @fastify/rate-limit's namespace: `<prefix>rl:<address>`, `<prefix>rl:<METHOD><url>-<address>` for a route's own limit. */
    rateLimit: `${prefix}rl:`,
    /** rate-limiter-flexible's key prefix of one abuse limit: keys are `<prefix>acc:<limit>:<key>`. */
    abuseLimit: (limit: string) => `${prefix}acc:${limit}`,
    /** The pub/sub channel of live events between instances. */
    liveChannel: `${prefix}live`,
  };
}
