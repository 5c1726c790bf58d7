import { randomBytes } from 'node:crypto';
import { TRIAL_ACCOUNT_TYPE } from '@playfront/contract/constants';
import { SEALED_MAX_AGE_MS } from '@playfront/contract/encrypted-payload';
import {
  EmptyResponseSchema,
  FreeplayLoginSchema,
  HandoffCodeResponseSchema,
  HandoffExchangeSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LoginTwoStepSchema,
  PublicKeyResponseSchema,
  SESSION_PATHS,
  SmsNoLoginRequestSchema,
  SmsRegisterRequestSchema,
  SmsSentResponseSchema,
  SocialLoginSchema,
} from '@playfront/contract/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { getBrandFlags } from '../brand/brand.repository.ts';
import { findMemberByMobile, insertMember, NO_PROFILE } from '../member/member.repository.ts';
import { checkMobile } from '../member/mobile.ts';
import { verifyCaptcha } from '../system/captcha.service.ts';
import { tooMany } from './abuse-limits.ts';
import { accountsContext, ok, requestBrand } from './accounts-context.ts';
import { memberOf, requireMember } from './authenticate.ts';
import { loginDevice } from './device-id.ts';
import { endSession } from './end-sessions.ts';
import { codeLifetimeMinutes, passwordLogin, sendCode, smsLogin, startSession } from './login.service.ts';
import { openSealedBody } from './sealed-body.ts';
import { serverKey } from './server-key.ts';
import { exchangeSignInCode, issueSignInCode } from './sign-in-code.ts';
import { completeSecondStep } from './two-step-login.ts';

const tags = ['session'];
const sealed =
  'Sealed call (E): the body is `{ value }` with an `Encryption` header; the schema shows the payload inside. See docs/decisions/003.';

/** Session calls of spec section 7: public key, login (password, SMS, free play, social), logout, SMS codes. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = accountsContext(app);

  app.get(
    SESSION_PATHS.publicKey,
    { schema: { tags, summary: 'RSA-OAEP-256 public key for sealed payloads', response: { 200: PublicKeyResponseSchema } } },
    async () => {
      const { db, config, now } = app.deps;
      const key = await serverKey(db, config.accounts.serverKeySecret);
      return ok({
        publicKey: key.publicSpki,
        algorithm: 'RSA-OAEP-256' as const,
        serverTime: now().getTime(),
        maxAgeSeconds: SEALED_MAX_AGE_MS / 1000,
      });
    },
  );

  app.post(
    SESSION_PATHS.login,
    {
      preValidation: openSealedBody,
      schema: {
        tags,
        summary: 'Log in with username and password, or with an SMS code',
        description: `${sealed} Failures: INVALID_CREDENTIALS with value { captcha: true }; VERIFICATION_REQUIRED with value { verificationRequired: 'mobile', maskedMobile, expiredMinutes } for a new IP (log in again with verificationCode); TWO_STEP_REQUIRED with value { twoStepRequired: 'totp', challenge, expiresInSeconds } when two-step login is on (finish with loginTwoStep); NON_MEMBER_LOGIN; NON_AGENT_LOGIN (site 'agent'); TOO_MANY_REQUESTS with value { retryAfterSeconds }.`,
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request, reply) => {
      const brand = await requestBrand(request);
      const body = request.body;
      if (body.type === 'sms') return ok(await smsLogin(request, brand, body));
      return ok(await passwordLogin(request, ctx, brand, body, loginDevice(request, reply)));
    },
  );

  app.post(
    SESSION_PATHS.loginTwoStep,
    {
      schema: {
        tags,
        summary: 'The second step of a login with two-step verification on: the challenge and an authenticator or recovery code',
        description:
          'Answers the session once per challenge. TWO_STEP_CODE_INVALID (wrong code or spent recovery code) and TWO_STEP_CODE_USED (an app code accepted before) count toward the login lockout (then TOO_MANY_REQUESTS with { retryAfterSeconds }); TWO_STEP_CHALLENGE_INVALID for an unknown, used or expired challenge, or after 5 wrong codes.',
        body: LoginTwoStepSchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await completeSecondStep(request, ctx, await requestBrand(request), request.body));
    },
  );

  app.post(
    SESSION_PATHS.loginFreeplay,
    {
      schema: {
        tags,
        summary: 'Free play: a new trial account (type 4) and its session',
        body: FreeplayLoginSchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const brand = await requestBrand(request);
      if (!(await getBrandFlags(db, brand.id)).flags.FREEPLAY3) throw new AppError('FEATURE_DISABLED');
      await ctx.limits.freeplayIp.take(request.ip);
      const at = now();
      const suffix = randomBytes(5).toString('hex');
      const member = await insertMember(db, {
        brand_id: brand.id,
        username: `trial${suffix}`,
        type: TRIAL_ACCOUNT_TYPE,
        password_hash: null,
        payment_password_hash: null,
        password_changed_at: at,
        nickname: `Guest ${suffix.slice(-4).toUpperCase()}`,
        ...NO_PROFILE,
        upline_id: null,
        affiliate_code: null,
        referral_code: null,
        recommender_id: null,
        register_ip: request.ip,
        register_method: `FREEPLAY:${request.body.os}`,
        register_url: null,
        register_domain: null,
        last_login_ip: null,
        created_at: at,
        updated_at: at,
      });
      return ok(
        await startSession(request, member, {
          site: 'member',
          mustChangePassword: false,
          passwordExpired: false,
          firstTimeLogin: true,
          method: 'FREEPLAY',
        }),
      );
    },
  );

  app.post(
    SESSION_PATHS.loginSocial,
    {
      schema: {
        tags,
        summary: 'Social login (off unless a provider is configured)',
        body: SocialLoginSchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request) => {
      const brand = await requestBrand(request);
      const enabled = (await getBrandFlags(app.deps.db, brand.id)).features.SOCIAL_LOGIN;
      const provider = ctx.social[request.body.provider];
      // No provider ships with this build (no network). One that is added verifies the id token here,
      // then finds the member linked to its subject; until then the call stays off.
      if (!enabled || !provider || !(await provider.verify(request.body.idToken))) throw new AppError('FEATURE_DISABLED');
      throw new AppError('FEATURE_DISABLED');
    },
  );

  app.delete(
    SESSION_PATHS.logout,
    {
      preParsing: requireMember({ allowTrial: true, allowPendingPasswordChange: true, allowWithdrawOnly: true }),
      schema: { tags, summary: 'Log out: revokes this session', response: { 200: EmptyResponseSchema } },
    },
    async (request) => {
      const me = memberOf(request);
      await endSession(app, me.memberId, me.sessionId);
      return ok(null);
    },
  );

  app.post(
    SESSION_PATHS.handoff,
    {
      preParsing: requireMember(),
      schema: {
        tags,
        summary: 'A single-use sign-in code (60 s) for a `/?token=<code>` link, such as the app QR',
        description: 'The code opens a new session of this account once, by handoffExchange. TOO_MANY_REQUESTS after 30 in 10 minutes.',
        response: { 200: HandoffCodeResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await issueSignInCode(request, ctx, memberOf(request)));
    },
  );

  app.post(
    SESSION_PATHS.handoffExchange,
    {
      schema: {
        tags,
        summary: 'Exchange a sign-in code for a session of its account (once)',
        description:
          'HANDOFF_CODE_INVALID for an unknown, used or expired code (10 of those per address, then TOO_MANY_REQUESTS). The answer names the account, so the site can say whose account was opened.',
        body: HandoffExchangeSchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await exchangeSignInCode(request, ctx, request.body.code));
    },
  );

  app.post(
    SESSION_PATHS.smsNoLogin,
    {
      schema: {
        tags,
        summary: 'SMS code for SMS login or password reset by phone',
        description:
          'Needs a captcha (captchaId + captcha). Same answer whether or not the number is registered. TOO_MANY_REQUESTS carries { retryAfterSeconds }.',
        body: SmsNoLoginRequestSchema,
        response: { 200: SmsSentResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const brand = await requestBrand(request);
      const flags = await getBrandFlags(db, brand.id);
      if (!flags.flags.MOBILEVERCODELOGIN3 && !flags.features.PHONE_PASSWORD_RESET) throw new AppError('FEATURE_DISABLED');
      const checked = await checkMobile(db, brand.id, request.body.countryDialingCode, request.body.mobileNum);
      if (!checked.ok) throw new AppError('VALIDATION', { fields: { [checked.field]: checked.problem } });
      const key = `noLogin:${checked.mobile.e164}`;
      await ctx.limits.smsButton.assertOpen(key);
      await verifyCaptcha(db, request.body.captchaId, request.body.captcha, now());
      const member = await findMemberByMobile(db, brand.id, checked.mobile.dialingCode, checked.mobile.national);
      const deliver = Boolean(member && member.status === 'active');
      const expiredMinutes = await sendCode(request, ctx, { brandId: brand.id, purpose: 'noLogin', e164: checked.mobile.e164, deliver });
      return ok({ expiredMinutes, validMinutes: codeLifetimeMinutes(request) });
    },
  );

  app.post(
    SESSION_PATHS.smsRegister,
    {
      schema: {
        tags,
        summary: 'SMS code for registration (REGMOBVERF3)',
        description:
          "Needs a captcha (captchaId + captcha): the one the registration asks for, so register needs none once its SMS code is used (issue 22). MOBILE_TAKEN when the number is registered already. expiredMinutes is the resend countdown, validMinutes the code's life.",
        body: SmsRegisterRequestSchema,
        response: { 200: SmsSentResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const brand = await requestBrand(request);
      if (!(await getBrandFlags(db, brand.id)).flags.REGMOBVERF3) throw new AppError('FEATURE_DISABLED');
      const checked = await checkMobile(db, brand.id, request.body.countryDialingCode, request.body.mobileNo);
      if (!checked.ok) {
        const field = checked.field === 'mobileNum' ? 'mobileNo' : checked.field;
        throw new AppError('VALIDATION', { fields: { [field]: checked.problem } });
      }
      await ctx.limits.smsButton.assertOpen(`register:${checked.mobile.e164}`);
      await ctx.limits.takenProbeIp.assertOpen(request.ip);
      await verifyCaptcha(db, request.body.captchaId, request.body.captcha, now());
      if (await findMemberByMobile(db, brand.id, checked.mobile.dialingCode, checked.mobile.national)) {
        const blocked = await ctx.limits.takenProbeIp.hit(request.ip);
        if (blocked > 0) throw tooMany(blocked);
        throw new AppError('MOBILE_TAKEN', { fields: { mobileNo: { key: 'errors.mobileTaken' } } });
      }
      const expiredMinutes = await sendCode(request, ctx, { brandId: brand.id, purpose: 'register', e164: checked.mobile.e164 });
      return ok({ expiredMinutes, validMinutes: codeLifetimeMinutes(request) });
    },
  );
};
