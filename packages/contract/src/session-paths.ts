/**
 * The session and member call paths (zod-free, for the web's first bundle, which must not pull zod in: zod
 * probes `new Function` at load, which the site's CSP refuses, and it is heavy). `session.ts` re-exports them
 * with the schemas.
 */
export const SESSION_PATHS = {
  /** GET: the server's RSA-OAEP public key for sealing E payloads. */
  publicKey: '/wps/session/publicKey',
  /** POST (E): username/password or SMS code login, member or agent site. */
  login: '/wps/session/login',
  /** POST: trial (type 4) login, when FREEPLAY3 is on. */
  loginFreeplay: '/wps/session/login/freeplay',
  /** POST: social login; refused while no provider is enabled. */
  loginSocial: '/wps/session/login/social',
  /** DELETE (token): revokes the current session. */
  logout: '/wps/session/logout',
  /** POST (token): a single-use sign-in code, valid 60 s, for a `/?token=<code>` link (the app QR, an operator link). */
  /** POST { challenge, code }: the second step of a login (TWO_STEP_REQUIRED): an authenticator or recovery code. */
  loginTwoStep: '/wps/session/login/two-step',
  handoff: '/wps/session/handoff',
  /** POST { code }: exchanges a sign-in code once for a new session of its account. */
  handoffExchange: '/wps/session/handoff/exchange',
  /** POST: SMS code for login and for password reset by phone. */
  smsNoLogin: '/wps/verification/sms/noLogin',
  /** POST: SMS code for registration. */
  smsRegister: '/wps/verification/sms/register',
  /** GET (token). */
  memberInfo: '/wps/member/info',
  /** GET/PUT (token, no trial). */
  memberIcon: '/wps/member/info/icon',
  /** PUT (E). */
  register: '/wps/member/register',
  /** PUT (E). */
  registerMobile: '/wps/member/register/mobile',
  /** PUT (token, E). */
  password: '/wps/member/password',
  /** POST form-urlencoded: sends a reset code by e-mail. */
  passwordEmail: '/wps/member/password/email',
  /** PUT (E): sets a new password with the code the e-mail carried. */
  passwordEmailReset: '/wps/member/password/email/reset',
  /** PUT (E): sets a new password with an SMS code. */
  passwordVerification: '/wps/member/password/verification',
  /** GET ?code=&domain=: success when the code belongs to an agent. */
  affiliate: '/wps/agent/affiliate',
  /** GET ?recipient= (operator key): messages the default senders wrote. */
  outbox: '/ops/outbox',
  // the spec's language update, which names no path.
  /** PUT (token, no trial) { language }: saves the member's language choice; member info and login answer it. */
  memberLanguage: '/wps/member/language',
} as const;
