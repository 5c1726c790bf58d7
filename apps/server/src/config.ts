import path from 'node:path';
import { z } from 'zod';

/** Every setting the server reads, from environment variables, validated once at start. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Identity documents (KYC): a directory outside the web root; default <DATA_DIR>/kyc. */
  KYC_STORAGE_DIR: z.string().optional(),
  /** Uploaded profile pictures: a directory outside the web root, shared by every instance; default <DATA_DIR>/avatars. */
  AVATAR_STORAGE_DIR: z.string().optional(),
  REDIS_URL: z.string().url().optional(),
  /** Starts every Redis key and pub/sub channel name, so deployments sharing one Redis never see each other's. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/,
      'up to 64 letters, digits and _ . : - (no spaces or glob characters), starting with a letter or digit',
    )
    .default('playfront:'),
  PG_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  /** Demo data: on by default for the embedded database only. */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** The demo agent's ~2,000-member team with 60 days of activity (issue 14): with the demo data unless 'false'. */
  SEED_DEMO_AGENT_TEAM: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Directory holding the built web app; served with history-mode fallback when present. */
  WEB_DIST: z.string().optional(),
  /** Directory holding the built operator console (apps/console); served at /console when present. */
  CONSOLE_DIST: z.string().optional(),
  /** Trust X-Forwarded-For from a reverse proxy (needed for region rules behind a load balancer). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Requests per minute per client address across all routes (sensitive routes have their own, stricter limits). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /** Whole request (headers and body, uploads included) must arrive within this many seconds; slow senders are cut off. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(600).default(30),
  /** A connection idle (no bytes either way) this long is closed. */
  CONNECTION_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** An idle keep-alive connection is closed after this many seconds (below a load balancer's own idle timeout). */
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(5),
  /** Server processes on this machine (node:cluster workers sharing the port); more than 1 needs DATABASE_URL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Live sockets are pinged, and their sessions re-checked, this often (below a load balancer's idle timeout). */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().min(0.2).max(300).default(30),
  /** The money outbox is read this often while money moves (live balance push and the outbox consumers). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(5).max(10_000).default(50),
  /** …and at most this often once idle (each empty read doubles the wait; money written here wakes it at once). */
  OUTBOX_IDLE_POLL_MS: z.coerce.number().int().min(5).max(60_000).default(1000),
  /** How long a checked session (and a provider launch session) may answer the hot money calls without a read (0: never; decisions 066, 067). */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
  /** How often the session cache reads the change log while it holds entries. */
  SESSION_CHANGE_POLL_MS: z.coerce.number().int().min(5).max(10_000).default(100),
  NODE_ENV: z.string().default('development'),
  /** Key for the operator API (/ops/*). Unset: one is generated and kept in <DATA_DIR>/operator-key. */
  OPERATOR_API_KEY: z.string().min(16).optional(),
  /** Accounts: session idle and absolute lifetimes, password age (PWDEXPFORCECHANGE3), SMS/e-mail code lifetime. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(24),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(1).default(90),
  SMS_CODE_MINUTES: z.coerce.number().int().min(1).max(30).default(1),
  INITIAL_PASSWORD_HOURS: z.coerce.number().int().min(24).max(72).default(48),
  SMS_DAILY_BUDGET: z.coerce.number().int().min(1).default(20_000),
  SMS_DAILY_BUDGET_PER_PREFIX: z.coerce.number().int().min(1).default(5_000),
  /** Encrypts the server's RSA private key at rest in the database (table server_key). */
  SERVER_KEY_SECRET: z.string().min(16).optional(),
  /** Seals members' authenticator-app (TOTP) secrets at rest. Unset in production: two-step login cannot be turned on; elsewhere a built-in development secret. */
  TWO_FACTOR_SECRET: z.string().min(16).optional(),
  /**
   * Tests only: every captcha shows this text, so browser journeys know the answer without reading the image (the
   * image is a raster a program cannot read from its markup). Refused with NODE_ENV=production.
   */
  CAPTCHA_TEST_ANSWER: z
    .string()
    .regex(/^[A-Z0-9]{4,8}$/)
    .optional(),
  /** Argon2id cost: `owasp` (19 MiB, t=2), `strong` (64 MiB, t=3), or `test` (cheap; ignored in production). */
  ARGON2_PROFILE: z.enum(['owasp', 'strong', 'test']).default('owasp'),
  /** Funds: HMAC secret of the sandbox payment gateway. Refused with NODE_ENV=production; unset, a built-in development secret is used only when NODE_ENV is explicitly development or test (otherwise the sandbox is off). */
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  /** Funds: a deposit order not paid within this many minutes expires. */
  DEPOSIT_ORDER_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Funds: how far a webhook's timestamp may be from our clock. */
  WEBHOOK_MAX_SKEW_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** Funds: withdrawal limits in minor units of the brand currency (defaults: 500.00 to 50,000.00). */
  WITHDRAW_MIN: z.coerce.bigint().min(1n).default(50_000n),
  WITHDRAW_MAX: z.coerce.bigint().min(1n).default(5_000_000n),
  /** Funds: an approved withdrawal the member has not confirmed within this many minutes counts as received. */
  WITHDRAW_AUTO_RECEIPT_MINUTES: z.coerce.number().int().min(1).max(100_000).default(1440),
  /** Periodic jobs (withdrawal auto-receipt, deposit expiry): one period in seconds. Every instance tries at each period's start; one claim per period runs. */
  JOB_PERIOD_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** off: this instance runs no periodic job (another instance does, each period once); tests that run the jobs by hand. */
  PERIODIC_JOBS: z.enum(['on', 'off']).default('on'),
  /** Playing: master secret of the built-in house game provider (vendor secrets derive from it). Unset: generated once into <DATA_DIR>/house-provider-secret. */
  HOUSE_PROVIDER_SECRET: z.string().min(32).optional(),
  /** Playing: provider wallet base URL the house game server calls. Default: this server's own address + /provider/v1. */
  HOUSE_WALLET_URL: z.string().url().optional(),
  /** The built-in lottery's draw loop period in ms (0: off, for tests that drive it themselves). */
  LOTTERY_TICK_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** The lottery's base URL for the console's operator calls (decision 050). Default: this server's own address + /lotto. */
  LOTTERY_URL: z.string().url().optional(),
  /** Playing: how long a launch session (and its token) accepts authenticate, balance and bet calls. */
  LAUNCH_SESSION_MINUTES: z.coerce.number().int().min(5).max(1440).default(240),
  /** Playing: a real win of at least this many minor units goes on the winner board (default 1,000.00). */
  WINNER_BOARD_MIN_WIN: z.coerce.bigint().min(1n).default(100_000n),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where identity documents are stored (never served but through the console's authorised route). */
  kycStorageDir: string;
  /** Where uploaded profile pictures are stored (served by /cdn/avatars/<hash>.webp). */
  avatarStorageDir: string;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  pgPoolMax: number;
  seedDemo: boolean;
  seedDemoAgentTeam: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDist: string | undefined;
  consoleDist: string | undefined;
  trustProxy: boolean;
  rateLimitPerMinute: number;
  /** Request (header and body read) deadline, idle-connection and keep-alive timeouts, in ms. */
  timeouts: { requestMs: number; connectionMs: number; keepAliveMs: number };
  liveHeartbeatMs: number;
  webConcurrency: number;
  outboxPollMs: number;
  outboxIdlePollMs: number;
  sessionCache: { ttlMs: number; pollMs: number };
  production: boolean;
  operatorApiKey: string | undefined;
  accounts: {
    sessionIdleMs: number;
    sessionAbsoluteMs: number;
    passwordMaxAgeDays: number;
    smsCodeMinutes: number;
    /** How long a one-time initial password (an account someone else made) may be used. */
    initialPasswordMs: number;
    /** SMS sent per UTC day at most, in all and per number prefix (country code and the next 2 digits). */
    smsDailyBudget: number;
    smsDailyBudgetPerPrefix: number;
    serverKeySecret: string | undefined;
    /** Tests only (CAPTCHA_TEST_ANSWER): the text every captcha shows. */
    captchaTestAnswer: string | undefined;
    /** undefined: two-step login is unavailable (production without TWO_FACTOR_SECRET). */
    twoFactorSecret: string | undefined;
    argon2Profile: 'owasp' | 'strong' | 'test';
  };
  funds: {
    /** undefined: the sandbox gateway is off (production without a configured secret). */
    sandboxSecret: string | undefined;
    depositOrderMs: number;
    webhookMaxSkewMs: number;
    withdrawMin: bigint;
    withdrawMax: bigint;
    autoReceiptMs: number;
    /** Length of one period of the periodic jobs; each (job, period) runs once across all instances. */
    jobPeriodMs: number;
    /** Whether this instance runs the periodic jobs at all (PERIODIC_JOBS). */
    periodicJobs: boolean;
  };
  play: {
    /** undefined until main.ts fills it from the key file; buildApp then uses a per-process one. */
    houseSecret: string | undefined;
    houseWalletUrl: string | undefined;
    lotteryTickMs: number;
    lotteryUrl: string | undefined;
    launchSessionMs: number;
    winnerBoardMinWin: bigint;
  };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means "not set", as in most env files.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  // Sandbox money is never allowed in production: a sandbox secret there is a mistake, not a choice.
  if (e.NODE_ENV === 'production' && e.PAYMENT_SANDBOX_SECRET) {
    throw new Error(
      'Invalid configuration: PAYMENT_SANDBOX_SECRET enables the sandbox payment gateway, which is refused when NODE_ENV=production; unset it',
    );
  }
  // A known captcha answer lets any script through: a test switch, never a production setting.
  if (e.NODE_ENV === 'production' && e.CAPTCHA_TEST_ANSWER) {
    throw new Error('Invalid configuration: CAPTCHA_TEST_ANSWER is for tests and is refused when NODE_ENV=production; unset it');
  }
  // The built-in, publicly known webhook secret only when development or test is chosen on purpose.
  const devOrTest = present.NODE_ENV === 'development' || present.NODE_ENV === 'test';
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    kycStorageDir: path.resolve(e.KYC_STORAGE_DIR ?? path.join(e.DATA_DIR, 'kyc')),
    avatarStorageDir: path.resolve(e.AVATAR_STORAGE_DIR ?? path.join(e.DATA_DIR, 'avatars')),
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    pgPoolMax: e.PG_POOL_MAX,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : !e.DATABASE_URL,
    seedDemoAgentTeam: e.SEED_DEMO_AGENT_TEAM !== 'false',
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    consoleDist: e.CONSOLE_DIST ? path.resolve(e.CONSOLE_DIST) : undefined,
    trustProxy: e.TRUST_PROXY === 'true',
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    timeouts: {
      requestMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
      connectionMs: Math.round(e.CONNECTION_TIMEOUT_SECONDS * 1000),
      keepAliveMs: Math.round(e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
    },
    liveHeartbeatMs: Math.round(e.LIVE_HEARTBEAT_SECONDS * 1000),
    webConcurrency: e.WEB_CONCURRENCY,
    outboxPollMs: e.OUTBOX_POLL_MS,
    outboxIdlePollMs: e.OUTBOX_IDLE_POLL_MS,
    sessionCache: { ttlMs: e.SESSION_CACHE_MS, pollMs: e.SESSION_CHANGE_POLL_MS },
    production: e.NODE_ENV === 'production',
    operatorApiKey: e.OPERATOR_API_KEY,
    accounts: {
      sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
      sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
      passwordMaxAgeDays: e.PASSWORD_MAX_AGE_DAYS,
      smsCodeMinutes: e.SMS_CODE_MINUTES,
      initialPasswordMs: e.INITIAL_PASSWORD_HOURS * 3_600_000,
      smsDailyBudget: e.SMS_DAILY_BUDGET,
      smsDailyBudgetPerPrefix: e.SMS_DAILY_BUDGET_PER_PREFIX,
      serverKeySecret: e.SERVER_KEY_SECRET,
      captchaTestAnswer: e.CAPTCHA_TEST_ANSWER,
      // A publicly known secret would unseal every TOTP secret: never in production.
      twoFactorSecret: e.TWO_FACTOR_SECRET ?? (e.NODE_ENV === 'production' ? undefined : 'playfront-two-factor-dev-secret'),
      // The cheap profile is refused in production so a stray variable cannot weaken stored hashes.
      argon2Profile: e.NODE_ENV === 'production' && e.ARGON2_PROFILE === 'test' ? 'owasp' : e.ARGON2_PROFILE,
    },
    funds: {
      // A well-known development secret is fine for a sandbox, only with NODE_ENV=development or test set explicitly.
      sandboxSecret: e.PAYMENT_SANDBOX_SECRET ?? (devOrTest ? 'playfront-sandbox-dev-secret' : undefined),
      depositOrderMs: e.DEPOSIT_ORDER_MINUTES * 60_000,
      webhookMaxSkewMs: e.WEBHOOK_MAX_SKEW_SECONDS * 1000,
      withdrawMin: e.WITHDRAW_MIN,
      withdrawMax: e.WITHDRAW_MAX,
      autoReceiptMs: e.WITHDRAW_AUTO_RECEIPT_MINUTES * 60_000,
      jobPeriodMs: e.JOB_PERIOD_SECONDS * 1000,
      periodicJobs: e.PERIODIC_JOBS === 'on',
    },
    play: {
      houseSecret: e.HOUSE_PROVIDER_SECRET,
      houseWalletUrl: e.HOUSE_WALLET_URL,
      lotteryTickMs: e.LOTTERY_TICK_MS,
      lotteryUrl: e.LOTTERY_URL,
      launchSessionMs: e.LAUNCH_SESSION_MINUTES * 60_000,
      winnerBoardMinWin: e.WINNER_BOARD_MIN_WIN,
    },
  };
}
