import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const DEV_SECRET = 'playfront-sandbox-dev-secret';

describe('sandbox payment gateway and NODE_ENV', () => {
  it('refuses to start in production with PAYMENT_SANDBOX_SECRET set, naming the setting', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX_SECRET: 'a-sandbox-secret-0123456789' })).toThrow(
      /PAYMENT_SANDBOX_SECRET.*NODE_ENV=production/,
    );
  });

  it('in production without it, the sandbox is off and the built-in secret is not used', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).funds.sandboxSecret).toBeUndefined();
  });

  it('accepts the built-in development secret only when NODE_ENV is explicitly development or test', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).funds.sandboxSecret).toBe(DEV_SECRET);
    expect(loadConfig({ NODE_ENV: 'test' }).funds.sandboxSecret).toBe(DEV_SECRET);
    expect(loadConfig({}).funds.sandboxSecret).toBeUndefined();
    expect(loadConfig({ NODE_ENV: '' }).funds.sandboxSecret).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'staging' }).funds.sandboxSecret).toBeUndefined();
  });

  it('a configured sandbox secret outside production is used as given', () => {
    expect(loadConfig({ NODE_ENV: 'staging', PAYMENT_SANDBOX_SECRET: 'a-sandbox-secret-0123456789' }).funds.sandboxSecret).toBe(
      'a-sandbox-secret-0123456789',
    );
  });
});
