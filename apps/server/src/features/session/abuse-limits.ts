import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../http/app-error.ts';
import { redisNames } from '../../infra/redis.ts';

/**
 * Abuse limits of the account calls, counted in Redis when it is configured
 * (so every instance sees the same counts) and in process memory otherwise.
 * Each limit counts events in a window; reaching `points` blocks the key for
 * `blockSeconds` (the spec's 5-minute too-many-requests cooldown) and the call
 * answers TOO_MANY_REQUESTS with `{ retryAfterSeconds }`.
 */
type Rule = { points: number; windowSeconds: number; blockSeconds: number };

export const LIMIT_RULES = {
  /**
   * Failed logins per account and address: the lock a guesser puts on an account holds only from the guesser's
   * own address, so nobody can lock the owner out by typing wrong passwords for their name (issue 21 item 9).
   */
  loginFailAccountIp: { points: 5, windowSeconds: 15 * 60, blockSeconds: 5 * 60 },
  /**
   * Failed logins per account from any address: a ceiling against guessing spread over many addresses. Its lock
   * does not stop the member's known devices, nor SMS-code login. The first failure turns the captcha on.
   */
  loginFailAccount: { points: 50, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
  /**
   * Failed logins per account and device (device-id.ts): a counter, not a lock (its points are out of reach); one
   * failure asks that device for a captcha on that account (issue 22). The locks above stay as they were.
   */
  loginFailDevice: { points: 10_000, windowSeconds: 15 * 60, blockSeconds: 1 },
  /** Failed logins per IP (any account). */
  loginFailIp: { points: 20, windowSeconds: 15 * 60, blockSeconds: 5 * 60 },
  /** The SMS button: once per second per mobile and purpose. */
  smsButton: { points: 1, windowSeconds: 1, blockSeconds: 1 },
  /** SMS per mobile and purpose; then a 5-minute cooldown. */
  smsMobile: { points: 5, windowSeconds: 10 * 60, blockSeconds: 5 * 60 },
  /** SMS per IP, any number. */
  smsIp: { points: 20, windowSeconds: 10 * 60, blockSeconds: 5 * 60 },
  /** Password-reset e-mails per IP and per username. */
  resetEmail: { points: 5, windowSeconds: 10 * 60, blockSeconds: 5 * 60 },
  /** Wrong payment passwords per member (a 6-digit PIN must not be guessable by trying). */
  paymentPasswordFail: { points: 5, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
  /**
   * Registration answers that tell an account exists ("username taken", "mobile registered") per IP: a script
   * learning which numbers and names have accounts is stopped after a few (a person mistyping is not).
   */
  takenProbeIp: { points: 5, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
  /** Sign-in codes (`/?token=` links, the app QR) a member may make. */
  signInCodeMember: { points: 30, windowSeconds: 10 * 60, blockSeconds: 5 * 60 },
  /** Unknown, used or expired sign-in codes per IP. */
  signInCodeFailIp: { points: 10, windowSeconds: 10 * 60, blockSeconds: 10 * 60 },
  /** Wrong authenticator or recovery codes per member in the security centre (turn off, renew codes, confirm setup). */
  twoStepFailMember: { points: 5, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
  /** Trial accounts made per IP. */
  freeplayIp: { points: 10, windowSeconds: 60 * 60, blockSeconds: 5 * 60 },
} as const satisfies Record<string, Rule>;
export type LimitName = keyof typeof LIMIT_RULES;

export class Limit {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly rule: Rule,
  ) {}

  /** Seconds until the key may act again; 0 when it is not blocked. */
  async blockedFor(key: string): Promise<number> {
    const res = await this.limiter.get(key);
    return res && res.consumedPoints >= this.rule.points ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;
  }

  /** Events counted in the current window. */
  async count(key: string): Promise<number> {
    return (await this.limiter.get(key))?.consumedPoints ?? 0;
  }

  /** Counts one event; when that reaches the limit the key is blocked. Returns the block in seconds, 0 if none. */
  async hit(key: string): Promise<number> {
    let consumed: number;
    try {
      consumed = (await this.limiter.consume(key)).consumedPoints;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      consumed = rejection.consumedPoints;
    }
    if (consumed < this.rule.points) return 0;
    const res = await this.limiter.block(key, this.rule.blockSeconds);
    return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }

  /** Throws TOO_MANY_REQUESTS when the key is blocked. */
  async assertOpen(key: string): Promise<void> {
    const seconds = await this.blockedFor(key);
    if (seconds > 0) throw tooMany(seconds);
  }

  /** Counts one event and throws TOO_MANY_REQUESTS if the key was already blocked (the event is refused). */
  async take(key: string): Promise<void> {
    await this.assertOpen(key);
    await this.hit(key);
  }
}

export function tooMany(retryAfterSeconds: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds } });
}

export type Limits = Record<LimitName, Limit>;

/** `redisKeyPrefix` is the deployment's REDIS_KEY_PREFIX (config.redisKeyPrefix). */
export function createLimits(redis: Redis | undefined, redisKeyPrefix: string): Limits {
  const names = redisNames(redisKeyPrefix);
  const entries = Object.entries(LIMIT_RULES).map(([name, rule]) => {
    const options = { keyPrefix: names.abuseLimit(name), points: rule.points + 1, duration: rule.windowSeconds };
    // Store limiters would otherwise block on their own at points+1; blocking is done explicitly in `hit`.
    const memory = new RateLimiterMemory(options);
    const limiter = redis
      ? new RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: memory })
      : memory;
    return [name, new Limit(limiter, rule)] as const;
  });
  return Object.fromEntries(entries) as Limits;
}
