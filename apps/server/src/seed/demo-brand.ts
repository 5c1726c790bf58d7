import type { FeatureFlag, PatternId, RegistrationField, WhitelabelFlag } from '@playfront/contract';
import type { Db } from '../db/database.ts';

/** The demo brand "Playfront BD": everything section 3 of the spec configures, with demo values. */
export const DEMO_MERCHANT_CODE = 'PFBD';

export const DEMO_FLAGS: Record<WhitelabelFlag | FeatureFlag, boolean> = {
  USERNAMEREG3: true,
  MOBILENUMREG3: true,
  MOBILENUMPASSREG3: true,
  REGMOBVERF3: true,
  AGENTPOLICY3: true,
  FREEPLAY3: true,
  PWDEXPFORCECHANGE3: true,
  MOBILEVERCODELOGIN3: true,
  PHONE_PASSWORD_RESET: true,
  CONTRACT_DIVIDEND: true,
  CONTRACT_SALARY: true,
  CONTRACT_HOUR_SALARY: true,
  CONTRACT_REALTIME_SALARY: true,
  VIP: true,
  REFERRAL: true,
  SOCIAL_LOGIN: false,
  HIDE_UNCONNECTED_GAMES: false,
  HIDE_DEMO_ONLY_GAMES: false,
};

/** [field, pattern, min, max, show, required] — which registration fields the demo brand asks for. */
export const DEMO_REGISTRATION_RULES: [RegistrationField, PatternId, number, number, boolean, boolean][] = [
  ['username', 'LETTER_FIRST_ALNUM', 6, 11, true, true],
  // Any characters, 8 to 128 (decision 017); the server also refuses the most common passwords.
  ['password', 'ANY', 8, 128, true, true],
  ['confirmPassword', 'ANY', 8, 128, true, true],
  ['mobileNum', 'DIGITS', 10, 11, true, false],
  ['verificationCode', 'DIGITS', 4, 8, true, false],
  ['payeeName', 'FULL_NAME', 3, 50, true, false],
  ['paymentPassword', 'DIGITS', 6, 6, false, false],
  ['qqNum', 'DIGITS', 5, 12, false, false],
  ['line', 'NO_SPACES', 3, 30, false, false],
  ['whatsapp', 'DIGITS', 8, 15, true, false],
  ['facebook', 'NO_SPACES', 3, 50, false, false],
  ['wechat', 'NO_SPACES', 3, 30, false, false],
  ['idNumber', 'DIGITS', 10, 17, false, false],
  ['email', 'EMAIL', 6, 100, true, false],
  ['affiliateCode', 'ALNUM', 4, 20, true, false],
  ['captcha', 'ALNUM', 4, 6, true, true],
];

export async function seedDemoBrand(db: Db): Promise<number> {
  const existing = await db.selectFrom('brand').select('id').where('merchant_code', '=', DEMO_MERCHANT_CODE).executeTakeFirst();
  if (existing) return existing.id;

  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('brand')
      .values({
        merchant_code: DEMO_MERCHANT_CODE,
        name: 'Playfront',
        platform: 'WEB',
        lottery_type: 'Lott',
        languages: ['BN', 'EN'],
        default_language: 'BN',
        currency: 'BDT',
        currency_symbol: '৳',
        main_domain: 'playfront.localhost',
        analytics_gtag_id: 'G-PLAYFRONT1',
        image_cdns: ['/cdn/img-a', '/cdn/img-b'],
        launch_cdns: ['/launch/a', '/launch/b'],
        esport_codes: ['IMES', 'TF', 'IA'],
        cockfight_codes: ['SV3'],
        prize_modes: { ModeLott: 'LOTT', ModeZy: 'ZY', ModeElott: 'ELOTT', ModeSea: 'SEA' },
        agent_account_types: [1, 2, 41, 42],
        trial_account_type: 4,
        minimum_age: 18,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await trx
      .insertInto('brand_flag')
      .values(Object.entries(DEMO_FLAGS).map(([code, enabled]) => ({ brand_id: id, code, enabled })))
      .execute();

    await trx
      .insertInto('registration_rule')
      .values(
        DEMO_REGISTRATION_RULES.map(([field, pattern_id, min_length, max_length, show, required]) => ({
          brand_id: id,
          field,
          pattern_id,
          min_length,
          max_length,
          show,
          required,
        })),
      )
      .execute();

    await trx
      .insertInto('country_dialing')
      .values([
        { brand_id: id, code: 'BD', dialing_code: '+880', min_digits: 10, max_digits: 11, is_default: true },
        { brand_id: id, code: 'IN', dialing_code: '+91', min_digits: 10, max_digits: 10 },
        { brand_id: id, code: 'NP', dialing_code: '+977', min_digits: 10, max_digits: 10 },
      ])
      .execute();

    await trx
      .insertInto('customer_service')
      .values([
        { brand_id: id, cs_type: 'LIVECHAT', name: 'Live chat 24/7', url: '/support/chat', sort: 1 },
        { brand_id: id, cs_type: 'TELEGRAM', name: 'Telegram', url: 'https://t.me/playfront_support', sort: 2 },
        { brand_id: id, cs_type: 'WHATSAPP', name: 'WhatsApp', url: 'https://wa.me/8801700000000', sort: 3 },
        { brand_id: id, cs_type: 'FACEBOOK', name: 'Messenger', url: 'https://m.me/playfront', sort: 4 },
        { brand_id: id, cs_type: 'EMAIL', name: 'E-mail', url: 'mailto:support@playfront.localhost', sort: 5 },
      ])
      .execute();

    await trx
      .insertInto('social_link')
      .values([
        { brand_id: id, kind: 'whatsapp', url: 'https://wa.me/8801700000000', sort: 1 },
        { brand_id: id, kind: 'facebook', url: 'https://facebook.com/playfront', sort: 2 },
        { brand_id: id, kind: 'instagram', url: 'https://instagram.com/playfront', sort: 3 },
        { brand_id: id, kind: 'telegram', url: 'https://t.me/playfront', sort: 4 },
      ])
      .execute();

    await trx
      .insertInto('brand_resource')
      .values([
        { brand_id: id, resource_type: 'IOS_APP', url: '/download/ios', label: 'iOS' },
        { brand_id: id, resource_type: 'ANDROID_APP', url: '/download/android.apk', label: 'Android' },
        { brand_id: id, resource_type: 'LITE_APP', url: '/download/lite', label: 'Lite' },
      ])
      .execute();

    await trx
      .insertInto('domain_route')
      .values([
        { brand_id: id, domain: 'playfront.localhost', purpose: 'main', path: '/' },
        { brand_id: id, domain: 'agent.playfront.localhost', purpose: 'agent', path: '/agent' },
        { brand_id: id, domain: 'app.playfront.localhost', purpose: 'app', path: '/' },
        { brand_id: id, domain: 'backup.playfront.localhost', purpose: 'backup', path: '/' },
      ])
      .execute();

    // Documentation ranges (RFC 5737) stand in for restricted regions, so tests and the demo can use them safely.
    await trx
      .insertInto('region_rule')
      .values([
        { brand_id: id, cidr: '203.0.113.0/24', label: 'Restricted region (demo)' },
        { brand_id: id, cidr: '198.51.100.0/24', label: 'Sanctioned region (demo)' },
      ])
      .execute();
    return id;
  });
}
