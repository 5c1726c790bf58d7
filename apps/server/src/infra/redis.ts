import { Redis } from 'ioredis';

/** Connects to Redis and fails fast when it cannot be reached, rather than queueing commands forever. */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false });
  await redis.connect();
  return redis;
}
