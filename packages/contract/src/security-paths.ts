/**
 * The security centre (issue 15, part 1): account info, login history, active sessions. Zod-free, so a screen can
 * import paths, limits and the field checks without the schemas (security.ts re-exports this and adds them).
 * The spec names these calls without paths; they were chosen here, under `/wps/security/`.
 */
export const SECURITY_PATHS = {
  /** GET (token, no trial): the member's account info; PUT: change nickname, avatar, full name (once), birthday. */
  account: '/wps/security/account',
  /** GET (token, no trial) ?pageNo&pageSize: logins and refused logins of the account, newest first. */
  logins: '/wps/security/logins',
  /** GET (token, no trial): the member's live sessions, this one marked. */
  sessions: '/wps/security/sessions',
  /** DELETE (token, no trial): sign one of the member's own sessions out. */
  session: '/wps/security/sessions/:id',
  /** POST (token, no trial): sign every session but this one out. */
  signOutOthers: '/wps/security/sessions/sign-out-others',
  // Two-step login with an authenticator app (issue 15, part 2).
  /** GET (token, no trial): whether two-step login is on, and how many recovery codes are left. */
  twoStep: '/wps/security/two-step',
  /** POST (token, no trial): a new secret and its otpauth URI for the QR code (replaces an unconfirmed one). */
  twoStepSetup: '/wps/security/two-step/setup',
  /** POST (token, no trial) { code }: confirms the setup with a code from the app; answers 10 recovery codes, once. */
  twoStepEnable: '/wps/security/two-step/enable',
  /** POST (token, no trial) { code }: turns two-step login off (an app code or a recovery code). */
  twoStepDisable: '/wps/security/two-step/disable',
  /** POST (token, no trial) { code }: 10 new recovery codes (the old ones stop working); an app code. */
  twoStepRecoveryCodes: '/wps/security/two-step/recovery-codes',
  // Binding a mobile number and an e-mail address with codes (issue 15, part 2).
  /** POST (token, no trial) { to: 'current' } or { to: 'new', countryDialingCode, mobileNum }: an SMS code. */
  mobileCode: '/wps/security/mobile/code',
  /** PUT (token, no trial) { countryDialingCode, mobileNum, code, currentCode? }: binds (or changes) the mobile. */
  mobile: '/wps/security/mobile',
  /** POST (token, no trial) { to: 'current' } or { to: 'new', email }: an e-mail code. */
  emailCode: '/wps/security/email/code',
  /** PUT (token, no trial) { email, code, currentCode? }: binds (or changes) the e-mail. */
  email: '/wps/security/email',
  /**
   * POST E-sealed (token, no trial) { password, smsCode, newPaymentPassword }: a forgotten payment password, replaced
   * with the login password and an SMS code from the funds call `paymentPasswordCode` (decision 016's change needs the old one).
   */
  paymentPasswordReset: '/wps/security/payment-password/reset',
} as const;

export const securitySessionPath = (id: string) => SECURITY_PATHS.session.replace(':id', encodeURIComponent(id));

export const NICKNAME_LIMITS = { min: 2, max: 20 } as const;
export const FULL_NAME_LIMITS = { min: 2, max: 50 } as const;
/** Members must be adults (spec section 5: "18-years-old agreement is required"). */
export const MINIMUM_AGE_YEARS = 18;
export const OLDEST_BIRTH_YEAR = 1900;

/** How a session was started; null on a refused attempt. */
export const LOGIN_METHODS = ['PASSWORD', 'SMS', 'REGISTER', 'LINK', 'FREEPLAY', 'SOCIAL'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];
/** What happened: a login, or a refused one with the reason the member can act on. */
export const LOGIN_RESULTS = ['SUCCESS', 'WRONG_PASSWORD'] as const;
export type LoginResultKind = (typeof LOGIN_RESULTS)[number];

/** Browser and system families a device is named by (from its user agent); `other` when not recognised. */
export const DEVICE_BROWSERS = ['edge', 'opera', 'samsung', 'firefox', 'chrome', 'safari', 'app', 'other'] as const;
export const DEVICE_SYSTEMS = ['android', 'ios', 'windows', 'macos', 'linux', 'chromeos', 'other'] as const;
export type DeviceBrowser = (typeof DEVICE_BROWSERS)[number];
export type DeviceSystem = (typeof DEVICE_SYSTEMS)[number];

/**
 * The browser and system of a user agent. Display only and the "new device" key, so families, not versions: a
 * browser update is not a new device. Order matters: Edge, Opera and Samsung also say "Chrome", Chrome says "Safari".
 */
export function deviceOf(userAgent: string | null | undefined): { browser: DeviceBrowser; os: DeviceSystem } {
  const ua = userAgent ?? '';
  const browser: DeviceBrowser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'edge'
    : /OPR\/|Opera/.test(ua)
      ? 'opera'
      : /SamsungBrowser\//.test(ua)
        ? 'samsung'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'firefox'
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? 'chrome'
            : /Version\/[\d.]+.*Safari\//.test(ua)
              ? 'safari'
              : /Playfront|okhttp|Dalvik/i.test(ua)
                ? 'app'
                : 'other';
  const os: DeviceSystem = /Android/.test(ua)
    ? 'android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'ios'
      : /CrOS/.test(ua)
        ? 'chromeos'
        : /Windows/.test(ua)
          ? 'windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macos'
            : /Linux|X11/.test(ua)
              ? 'linux'
              : 'other';
  return { browser, os };
}

/** The catalogue key of a field's problem, or null when fine. Web (inline) and server (refusal) use the same checks. */
export type SecurityFieldProblem = 'NICKNAME_INVALID' | 'REAL_NAME_INVALID' | 'BIRTHDAY_INVALID' | 'BIRTHDAY_UNDER_18';

/** Letters of any script, digits, spaces and `_ . -`; 2–20 characters; no leading or trailing space. */
export function nicknameProblem(value: string): SecurityFieldProblem | null {
  const length = [...value].length;
  if (value !== value.trim() || length < NICKNAME_LIMITS.min || length > NICKNAME_LIMITS.max) return 'NICKNAME_INVALID';
  return /^[\p{L}\p{M}\p{N}_.\- ]+$/u.test(value) ? null : 'NICKNAME_INVALID';
}

/**
 * The payee name withdrawals are paid to, as on the member's bank or wallet account: letters of any script with
 * single spaces, apostrophes, dots and hyphens between them; 2–50 characters.
 */
export function fullNameProblem(value: string): SecurityFieldProblem | null {
  const length = [...value].length;
  if (length < FULL_NAME_LIMITS.min || length > FULL_NAME_LIMITS.max) return 'REAL_NAME_INVALID';
  return /^[\p{L}\p{M}]+(?:(?:\. |[ '.-])[\p{L}\p{M}]+)*\.?$/u.test(value) ? null : 'REAL_NAME_INVALID';
}

/** `yyyy-MM-dd`, a real calendar day, not before 1900, and at least 18 years before `today` (UTC). */
export function birthdayProblem(value: string, today: Date): SecurityFieldProblem | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return 'BIRTHDAY_INVALID';
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return 'BIRTHDAY_INVALID';
  if (year < OLDEST_BIRTH_YEAR || date.getTime() > today.getTime()) return 'BIRTHDAY_INVALID';
  // The 18th birthday, compared as calendar days (someone born on 29 February comes of age on 1 March).
  const adult = new Date(Date.UTC(year + MINIMUM_AGE_YEARS, month - 1, day));
  const todayDay = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return adult.getTime() <= todayDay ? null : 'BIRTHDAY_UNDER_18';
}

/** An authenticator-app code (6 digits) or a recovery code (`xxxxx-xxxxx`); spaces are ignored. */
export const TWO_STEP_CODE_MAX = 20;
export const isAppCode = (code: string) => /^\d{6}$/.test(code.replace(/\s+/g, ''));

/** The e-mail shape the site accepts (the registration pattern), at most 100 characters. */
export const EMAIL_MAX = 100;
export const isEmailAddress = (value: string) =>
  value.length <= EMAIL_MAX &&
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/.test(
    value,
  );

/**
 * Whether a withdrawal's account name is the member's payee name: the same letters, ignoring case, spacing and
 * Unicode composition (a bank prints "RAHIM UDDIN" for "Rahim Uddin").
 */
export function samePayeeName(payeeName: string, accountName: string): boolean {
  const norm = (v: string) => v.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return norm(payeeName) === norm(accountName);
}
