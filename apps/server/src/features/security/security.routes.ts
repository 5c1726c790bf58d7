import {
  AccountInfoResponseSchema,
  AccountUpdateSchema,
  ActiveSessionsResponseSchema,
  BindEmailSchema,
  BindMobileSchema,
  CodeSentResponseSchema,
  EmailCodeRequestSchema,
  LoginHistoryQuerySchema,
  LoginHistoryResponseSchema,
  MobileCodeRequestSchema,
  PaymentPasswordResetResponseSchema,
  RecoveryCodesResponseSchema,
  ResetPaymentPasswordSchema,
  SECURITY_PATHS,
  SessionIdParamsSchema,
  SignedOutResponseSchema,
  TwoStepCodeBodySchema,
  TwoStepSetupResponseSchema,
  TwoStepStatusResponseSchema,
} from '@playfront/contract/security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsContext } from '../session/accounts-context.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { openSealedBody } from '../session/sealed-body.ts';
import { removeReplaced } from './avatar.service.ts';
import type { AvatarStorage } from './avatar-storage.ts';
import { bindEmail, bindMobile, requestEmailCode, sendMobileCode } from './contact.service.ts';
import { resetPaymentPassword } from './payment-password-reset.service.ts';
import { accountInfo, activeSessions, changeAccount, loginHistory, signOutOtherSessions, signOutSession } from './security.service.ts';
import { disableTwoStep, enableTwoStep, renewRecoveryCodes, startTwoStepSetup, twoStepStatus } from './two-step.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The security centre (issue 15, part 1): account info, login history, active sessions. Real members only. */
export const securityRoutes: FastifyPluginAsyncZod<{ avatars: AvatarStorage }> = async (app, { avatars }) => {
  const tags = ['security'];
  const member = requireMember();

  app.get(
    SECURITY_PATHS.account,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Account info: nickname, avatar, full (payee) name, birthday',
        response: { 200: AccountInfoResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await accountInfo(app.deps.db, memberOf(request).memberId));
    },
  );

  app.put(
    SECURITY_PATHS.account,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Change nickname, avatar or birthday; set the full (payee) name once',
        body: AccountUpdateSchema,
        response: { 200: AccountInfoResponseSchema },
      },
    },
    async (request) =>
      ok(
        await changeAccount(app.deps.db, memberOf(request).memberId, request.body, app.deps.now(), (old) =>
          removeReplaced(avatars, old, request.body.avatar ?? old),
        ),
      ),
  );

  app.get(
    SECURITY_PATHS.logins,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Login history (time, IP, device, result), newest first',
        querystring: LoginHistoryQuerySchema,
        response: { 200: LoginHistoryResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { pageNo, pageSize } = request.query;
      return ok(await loginHistory(app.deps.db, memberOf(request).memberId, pageNo, pageSize));
    },
  );

  app.get(
    SECURITY_PATHS.sessions,
    {
      preParsing: member,
      schema: { tags, summary: 'The member’s live sessions, this one first', response: { 200: ActiveSessionsResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ list: await activeSessions(app, memberOf(request)) });
    },
  );

  app.delete(
    SECURITY_PATHS.session,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Sign one of the member’s own sessions out (refused at once on every instance)',
        params: SessionIdParamsSchema,
        response: { 200: SignedOutResponseSchema },
      },
    },
    async (request) => {
      await signOutSession(app, memberOf(request), request.params.id);
      return ok({ ended: 1 });
    },
  );

  app.post(
    SECURITY_PATHS.signOutOthers,
    {
      preParsing: member,
      schema: { tags, summary: 'Sign out every other device; this session stays', response: { 200: SignedOutResponseSchema } },
    },
    async (request) => ok({ ended: await signOutOtherSessions(app, memberOf(request)) }),
  );

  // Two-step login with an authenticator app (issue 15, part 2).
  const limits = accountsContext(app).limits;
  const codeRefusals =
    'TWO_STEP_CODE_INVALID or TWO_STEP_CODE_USED for a wrong or replayed code (5 per 15 minutes, then TOO_MANY_REQUESTS with { retryAfterSeconds }).';

  app.get(
    SECURITY_PATHS.twoStep,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Whether two-step login is on, and the recovery codes left',
        response: { 200: TwoStepStatusResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await twoStepStatus(app.deps.db, memberOf(request).memberId));
    },
  );

  app.post(
    SECURITY_PATHS.twoStepSetup,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Start turning two-step login on: a new secret and its otpauth URI for the QR code',
        description: 'Nothing changes for the login until the setup is confirmed (twoStepEnable). TWO_STEP_ALREADY_ON while it is on.',
        response: { 200: TwoStepSetupResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await startTwoStepSetup(request, memberOf(request)));
    },
  );

  app.post(
    SECURITY_PATHS.twoStepEnable,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Confirm the setup with a code from the app: two-step login is on; 10 recovery codes, shown this once',
        description: `TWO_STEP_NOT_ON without a started setup; TWO_STEP_ALREADY_ON; ${codeRefusals}`,
        body: TwoStepCodeBodySchema,
        response: { 200: RecoveryCodesResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await enableTwoStep(request, limits, memberOf(request), request.body.code));
    },
  );

  app.post(
    SECURITY_PATHS.twoStepDisable,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Turn two-step login off with an app code or a recovery code',
        description: `TWO_STEP_NOT_ON when it is off; ${codeRefusals}`,
        body: TwoStepCodeBodySchema,
        response: { 200: TwoStepStatusResponseSchema },
      },
    },
    async (request) => {
      const me = memberOf(request);
      await disableTwoStep(request, limits, me, request.body.code);
      return ok(await twoStepStatus(app.deps.db, me.memberId));
    },
  );

  app.post(
    SECURITY_PATHS.twoStepRecoveryCodes,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Ten new recovery codes for an app code (the old ones stop working), shown this once',
        description: `TWO_STEP_NOT_ON when it is off; ${codeRefusals}`,
        body: TwoStepCodeBodySchema,
        response: { 200: RecoveryCodesResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await renewRecoveryCodes(request, limits, memberOf(request), request.body.code));
    },
  );

  // Binding a mobile number and an e-mail address (issue 15, part 2).
  const ctx = accountsContext(app);
  const contactCodeRefusals = 'INVALID_VERIFICATION_CODE (wrong or none) or CODE_EXPIRED (too old or 5 wrong tries: ask for a new one).';

  app.post(
    SECURITY_PATHS.mobileCode,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'An SMS code to a new mobile, or to the mobile bound now (a change needs both)',
        description:
          'VALIDATION for a number the country does not allow; CONTACT_UNCHANGED for the bound number; MOBILE_TAKEN; NO_CONTACT_BOUND for `current` without one; TOO_MANY_REQUESTS with { retryAfterSeconds }.',
        body: MobileCodeRequestSchema,
        response: { 200: CodeSentResponseSchema },
      },
    },
    async (request) => ok({ expiredMinutes: await sendMobileCode(request, ctx, memberOf(request), request.body) }),
  );

  app.put(
    SECURITY_PATHS.mobile,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Bind or change the mobile with its SMS code (and the bound one’s code for a change)',
        description: `CURRENT_CONTACT_CODE_REQUIRED when one is bound and currentCode is missing; ${contactCodeRefusals}`,
        body: BindMobileSchema,
        response: { 200: AccountInfoResponseSchema },
      },
    },
    async (request) => ok(await bindMobile(request, memberOf(request), request.body)),
  );

  app.post(
    SECURITY_PATHS.emailCode,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'An e-mail code to a new address, or to the address bound now (a change needs both)',
        description:
          'VALIDATION (errors.emailInvalid); CONTACT_UNCHANGED; EMAIL_TAKEN; NO_CONTACT_BOUND for `current` without one; TOO_MANY_REQUESTS with { retryAfterSeconds }.',
        body: EmailCodeRequestSchema,
        response: { 200: CodeSentResponseSchema },
      },
    },
    async (request) => ok({ expiredMinutes: await requestEmailCode(request, ctx, memberOf(request), request.body) }),
  );

  app.put(
    SECURITY_PATHS.email,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Bind or change the e-mail with its code (and the bound one’s code for a change)',
        description: `CURRENT_CONTACT_CODE_REQUIRED when one is bound and currentCode is missing; ${contactCodeRefusals}`,
        body: BindEmailSchema,
        response: { 200: AccountInfoResponseSchema },
      },
    },
    async (request) => ok(await bindEmail(request, memberOf(request), request.body)),
  );

  app.post(
    SECURITY_PATHS.paymentPasswordReset,
    {
      preParsing: member,
      preValidation: openSealedBody,
      schema: {
        tags,
        summary: 'Forgotten payment password: a new one with the login password and an SMS code (sealed, E)',
        description:
          'The SMS code comes from POST /wps/member/paymentPassword/code. OLD_PASSWORD_INCORRECT (counted like a login, then TOO_MANY_REQUESTS); INVALID_VERIFICATION_CODE or CODE_EXPIRED; MOBILE_NOT_BOUND.',
        body: ResetPaymentPasswordSchema,
        response: { 200: PaymentPasswordResetResponseSchema },
      },
    },
    async (request) => {
      await resetPaymentPassword(request, ctx, memberOf(request), request.body);
      return ok({ hasPaymentPassword: true as const });
    },
  );
};
