import {
  CLIENT_KEY_HEADER,
  createClientKeyPair,
  DomainRouteResponseSchema,
  exportPublicKey,
  HelpCenterResponseSchema,
  OPERATOR_KEY_HEADER,
  openSealed,
  PATTERNS,
  PermissionResponseSchema,
  REGISTRATION_FIELDS,
  RegisterSettingsResponseSchema,
  RegValidataResponseSchema,
  SYSTEM_PATHS,
  SystemStatusResponseSchema,
  validateField,
  WHITELABEL_FLAGS,
  WhitelabelResponseSchema,
} from '@playfront/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databasePerFile } from '../../../test/database-per-file.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { DEMO_MERCHANT_CODE } from '../../seed/demo-brand.ts';

const OPERATOR_KEY = 'test-operator-key-0123456789abcdef';

let database: TestDatabase;
let app: FastifyInstance;

async function makeApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', OPERATOR_API_KEY: OPERATOR_KEY, ...env } as NodeJS.ProcessEnv);
  return buildApp({ config, db: database.db, dbKind: database.kind });
}

async function open(): Promise<void> {
  database = await createTestDatabase();
  app = await makeApp();
}
async function close(): Promise<void> {
  await app.close();
  await database.close();
}
/** The reading tests share one database and app (decision 037). */
const ownDatabasePerTest = databasePerFile({
  open,
  close,
  keep: () => {
    const shared = [database, app] as const;
    return () => {
      [database, app] = shared;
    };
  },
});

const ops = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { [OPERATOR_KEY_HEADER]: OPERATOR_KEY }, ...(payload ? { payload } : {}) });

async function status(remoteAddress?: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: SYSTEM_PATHS.status, headers, ...(remoteAddress ? { remoteAddress } : {}) });
  expect(res.statusCode).toBe(200);
  return SystemStatusResponseSchema.parse(res.json()).value;
}

describe('GET /wps/system/status', () => {
  it('is normal (0) for an ordinary visitor and echoes the IP', async () => {
    expect(await status('192.0.2.10')).toEqual({ status: 0, ip: '192.0.2.10' });
  });

  it('is region-restricted (2) for an IP inside a seeded region rule, IPv4-mapped or not', async () => {
    expect(await status('203.0.113.7')).toEqual({ status: 2, ip: '203.0.113.7' });
    expect(await status('::ffff:198.51.100.20')).toEqual({ status: 2, ip: '198.51.100.20' });
    expect((await status('203.0.114.1')).status).toBe(0);
  });

  describe('changing brand-wide state, on a database of its own', () => {
    ownDatabasePerTest();

    it('follows maintenance switched through the operator API, and maintenance beats the region rule', async () => {
      expect((await ops('PUT', '/ops/brand/maintenance', { maintenance: true })).statusCode).toBe(200);
      expect(await status('192.0.2.10')).toEqual({ status: 1, ip: '192.0.2.10' });
      expect(await status('203.0.113.7')).toEqual({ status: 1, ip: '203.0.113.7' });

      expect((await ops('PUT', '/ops/brand/maintenance', { maintenance: false })).statusCode).toBe(200);
      expect((await status('192.0.2.10')).status).toBe(0);
      expect((await status('203.0.113.7')).status).toBe(2);
    });
  });

  describe('changing brand-wide state, on a database of its own', () => {
    ownDatabasePerTest();

    it('follows region rules added and removed through the operator API, IPv6 included', async () => {
      expect((await status('192.0.2.55')).status).toBe(0);
      const added = await ops('POST', '/ops/brand/region-rules', { cidr: '192.0.2.0/24', label: 'test' });
      expect(added.statusCode).toBe(201);
      expect((await status('192.0.2.55')).status).toBe(2);

      const v6 = await ops('POST', '/ops/brand/region-rules', { cidr: '2001:db8::/32', label: 'v6 test' });
      expect(v6.statusCode).toBe(201);
      expect((await status('2001:db8::1')).status).toBe(2);
      expect((await status('2001:db9::1')).status).toBe(0);

      expect((await ops('DELETE', `/ops/brand/region-rules/${added.json().value.id}`)).statusCode).toBe(200);
      expect((await status('192.0.2.55')).status).toBe(0);
    });
  });

  it('reads X-Forwarded-For only when TRUST_PROXY is on', async () => {
    const forwarded = { 'x-forwarded-for': '203.0.113.9' };
    expect(await status('10.0.0.2', forwarded)).toEqual({ status: 0, ip: '10.0.0.2' });
    const shared = app;
    app = await makeApp({ TRUST_PROXY: 'true' });
    try {
      expect(await status('10.0.0.2', forwarded)).toEqual({ status: 2, ip: '203.0.113.9' });
    } finally {
      await app.close();
      app = shared;
    }
  });

  describe('changing brand-wide state, on a database of its own', () => {
    ownDatabasePerTest();

    it('answers for the brand the Merchant header names, else the default brand', async () => {
      await database.db
        .insertInto('brand')
        .values({
          merchant_code: 'PFXX',
          name: 'Other brand',
          languages: ['EN'],
          default_language: 'EN',
          currency: 'INR',
          currency_symbol: '₹',
          main_domain: 'other.localhost',
          agent_account_types: [1],
          trial_account_type: 4,
          maintenance: true,
        })
        .execute();
      expect((await status('192.0.2.10', { merchant: 'PFXX' })).status).toBe(1);
      expect((await status('192.0.2.10', { merchant: DEMO_MERCHANT_CODE })).status).toBe(0);
      expect((await status('192.0.2.10', { merchant: 'NOPE' })).status).toBe(0);
    });
  });

  it('is never cached', async () => {
    const res = await app.inject({ method: 'GET', url: SYSTEM_PATHS.status });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /wps/system/whitelabel and /wps/system/setting/register', () => {
  describe('changing brand-wide state, on a database of its own', () => {
    ownDatabasePerTest();

    it('lists every flag, and an operator switch shows up in both calls', async () => {
      const before = WhitelabelResponseSchema.parse((await app.inject({ method: 'GET', url: SYSTEM_PATHS.whitelabel })).json()).value;
      expect(Object.keys(before.flags).sort()).toEqual([...WHITELABEL_FLAGS].sort());
      expect(before.flags.MOBILENUMREG3).toBe(true);
      expect(before.features.SOCIAL_LOGIN).toBe(false);

      const settingsBefore = RegisterSettingsResponseSchema.parse(
        (await app.inject({ method: 'GET', url: SYSTEM_PATHS.registerSettings })).json(),
      ).value;
      expect(settingsBefore.mobileRegistration).toBe(true);

      expect((await ops('PUT', '/ops/brand/flags/MOBILENUMREG3', { enabled: false })).statusCode).toBe(200);

      const after = WhitelabelResponseSchema.parse((await app.inject({ method: 'GET', url: SYSTEM_PATHS.whitelabel })).json()).value;
      expect(after.flags.MOBILENUMREG3).toBe(false);
      expect(after.flags.USERNAMEREG3).toBe(true);
      const settingsAfter = RegisterSettingsResponseSchema.parse(
        (await app.inject({ method: 'GET', url: SYSTEM_PATHS.registerSettings })).json(),
      ).value;
      expect(settingsAfter.mobileRegistration).toBe(false);
      expect(settingsAfter.usernameRegistration).toBe(true);
    });
  });

  it('gives the countries with the default first, its mobile rule and the minimum age', async () => {
    const settings = RegisterSettingsResponseSchema.parse(
      (await app.inject({ method: 'GET', url: SYSTEM_PATHS.registerSettings })).json(),
    ).value;
    expect(settings.defaultCountry).toBe('BD');
    expect(settings.countries[0]).toEqual({ code: 'BD', dialingCode: '+880', minDigits: 10, maxDigits: 11 });
    expect(settings.countries.map((c) => c.code).sort()).toEqual(['BD', 'IN', 'NP']);
    expect(settings.minimumAge).toBe(18);
    expect(settings.mobileRule).toEqual({ regExp: '^[0-9]{10,11}$', minLength: 10, maxLength: 11 });
    const rule = new RegExp(settings.mobileRule.regExp);
    expect(rule.test('01712345678')).toBe(true);
    expect(rule.test('017123')).toBe(false);
  });
});

describe('GET /wps/system/regValidata', () => {
  it('gives a rule for every registration field, with the contract pattern, usable by validateField', async () => {
    const res = await app.inject({ method: 'GET', url: SYSTEM_PATHS.regValidata });
    expect(res.statusCode).toBe(200);
    const rules = RegValidataResponseSchema.parse(res.json()).value;
    expect(Object.keys(rules).sort()).toEqual([...REGISTRATION_FIELDS].sort());

    expect(rules.username).toEqual({
      patternId: 'LETTER_FIRST_ALNUM',
      acceptedPattern: PATTERNS.LETTER_FIRST_ALNUM,
      minLength: 6,
      maxLength: 11,
      show: true,
      required: true,
    });
    expect(rules.paymentPassword.show).toBe(false);
    expect(rules.email.acceptedPattern).toBe(PATTERNS.EMAIL);

    const username = { ...rules.username, patternId: 'LETTER_FIRST_ALNUM' as const };
    expect(validateField(username, 'player01')).toBeNull();
    expect(validateField(username, '1player')).not.toBeNull();
  });

  describe('changing brand-wide state, on a database of its own', () => {
    ownDatabasePerTest();

    it('hides a field the brand has no rule for', async () => {
      await database.db.deleteFrom('registration_rule').where('field', '=', 'wechat').execute();
      const rules = RegValidataResponseSchema.parse((await app.inject({ method: 'GET', url: SYSTEM_PATHS.regValidata })).json()).value;
      expect(rules.wechat).toMatchObject({ show: false, required: false, acceptedPattern: '*' });
    });
  });
});

describe('GET /wps/system/domainRoute', () => {
  it('lists the brand domains by purpose', async () => {
    const routes = DomainRouteResponseSchema.parse((await app.inject({ method: 'GET', url: SYSTEM_PATHS.domainRoute })).json()).value;
    expect(routes.map((r) => r.purpose)).toEqual(['main', 'agent', 'app', 'backup']);
    expect(routes[0]).toEqual({ domain: 'playfront.localhost', purpose: 'main', path: '/' });
  });
});

describe('GET /wps/system/helpCenter', () => {
  const help = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `${SYSTEM_PATHS.helpCenter}${query}` });
    return { res, articles: res.statusCode === 200 ? HelpCenterResponseSchema.parse(res.json()).value : [] };
  };

  it('serves the same articles in English and Bengali, with different text', async () => {
    const en = (await help('?lang=EN&device=WEB')).articles;
    const bn = (await help('?lang=BN&device=WEB')).articles;
    const slugs = ['term', 'privacy', 'responsible-gaming', 'deposit-help', 'withdrawal-help', 'faq', 'account-security'];
    expect(en.map((a) => a.slug)).toEqual(slugs);
    expect(bn.map((a) => a.slug)).toEqual(slugs);
    for (let i = 0; i < slugs.length; i++) {
      expect(en[i]!.title).not.toBe(bn[i]!.title);
      expect(en[i]!.content).not.toBe(bn[i]!.content);
      expect(en[i]!.content).toMatch(/^<(h3|p|ol|ul)>/);
    }
    expect(en[0]!.title).toBe('Terms and Conditions');
    expect(bn[0]!.title).toBe('শর্তাবলী');
    // Bengali articles are written in Bengali script, not English copies.
    for (const article of bn) {
      const text = article.content.replace(/<[^>]+>/g, '');
      const bengali = text.match(/[\u0980-\u09FF]/g)?.length ?? 0;
      const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
      expect(bengali).toBeGreaterThan(latin * 10);
    }
  });

  it('defaults to Bengali and refuses an unsupported language', async () => {
    const fallback = (await help('')).articles;
    expect(fallback[0]!.title).toBe('শর্তাবলী');
    const { res } = await help('?lang=FR');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
  });

  describe('changing brand-wide state, on a database of its own', () => {
    ownDatabasePerTest();

    it("falls back to the brand's default language when a language has no articles", async () => {
      await database.db.deleteFrom('help_article').where('lang', '=', 'EN').execute();
      const en = (await help('?lang=EN')).articles;
      expect(en[0]!.title).toBe('শর্তাবলী');
    });
  });
});

describe('GET /wps/system/permission', () => {
  const seededLinks = [
    '/support/chat',
    'https://t.me/playfront_support',
    'https://wa.me/8801700000000',
    'https://m.me/playfront',
    'mailto:support@playfront.localhost',
  ];

  it('seals the customer-service links for the client key; the contract opens them', async () => {
    const client = await createClientKeyPair();
    const res = await app.inject({
      method: 'GET',
      url: SYSTEM_PATHS.permission,
      headers: { [CLIENT_KEY_HEADER]: await exportPublicKey(client.publicKey) },
      remoteAddress: '192.0.2.10',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('playfront_support');
    expect(res.body).not.toContain('/support/chat');
    const value = PermissionResponseSchema.parse(res.json()).value;
    expect(value.sealKey).not.toBeNull();
    expect(value.customerService.map((c) => c.csType)).toEqual(['LIVECHAT', 'TELEGRAM', 'WHATSAPP', 'FACEBOOK', 'EMAIL']);
    const opened = await Promise.all(value.customerService.map((c) => openSealed(client.privateKey, value.sealKey!, c.path)));
    expect(opened).toEqual(seededLinks);
  });

  it('sends no customer-service paths without a client key, or with a bad one', async () => {
    for (const headers of [{}, { [CLIENT_KEY_HEADER]: 'garbage' }, { [CLIENT_KEY_HEADER]: btoa('x'.repeat(65)) }]) {
      const res = await app.inject({ method: 'GET', url: SYSTEM_PATHS.permission, headers });
      expect(res.statusCode).toBe(200);
      const value = PermissionResponseSchema.parse(res.json()).value;
      expect(value.sealKey).toBeNull();
      expect(value.customerService).toEqual([]);
      expect(res.body).not.toContain('playfront_support');
    }
  });

  describe('changing brand-wide state, on a database of its own', () => {
    ownDatabasePerTest();

    it('carries the brand, configuration, location, maintenance and region state', async () => {
      const res = await app.inject({ method: 'GET', url: SYSTEM_PATHS.permission, remoteAddress: '203.0.113.7' });
      const value = PermissionResponseSchema.parse(res.json()).value;
      expect(value.brand).toMatchObject({
        merchantCode: DEMO_MERCHANT_CODE,
        platform: 'WEB',
        lotteryType: 'Lott',
        languages: ['BN', 'EN'],
        defaultLanguage: 'BN',
        currency: 'BDT',
        esportCodes: ['IMES', 'TF', 'IA'],
        cockfightCodes: ['SV3'],
        agentAccountTypes: [1, 2, 41, 42],
        trialAccountType: 4,
      });
      expect(value.location).toEqual({ ip: '203.0.113.7' });
      expect(value.regionRestriction).toBe(true);
      expect(value.maintenance).toBe(false);
      expect(value.imageCDNs).toEqual(['/cdn/img-a', '/cdn/img-b']);
      expect(value.launchGameCDNs).toHaveLength(2);
      expect(value.analytics.gtagId).toBe('G-PLAYFRONT1');
      expect(value.mainDomain).toBe('playfront.localhost');
      expect(Object.keys(value.resources).sort()).toEqual(['ANDROID_APP', 'IOS_APP', 'LITE_APP']);
      expect(value.resources.IOS_APP).toMatchObject({ resourceType: 'IOS_APP', url: '/download/ios' });
      expect(value.socialLinks.map((s) => s.kind)).toEqual(['whatsapp', 'facebook', 'instagram', 'telegram']);
      expect(value.domainRoute).toHaveLength(4);
      expect(value.whitelabel.flags.FREEPLAY3).toBe(true);
      expect(value.register.defaultCountry).toBe('BD');

      await ops('PUT', '/ops/brand/maintenance', { maintenance: true });
      const during = PermissionResponseSchema.parse((await app.inject({ method: 'GET', url: SYSTEM_PATHS.permission })).json()).value;
      expect(during.maintenance).toBe(true);
      expect(during.regionRestriction).toBe(false);
    });
  });
});
