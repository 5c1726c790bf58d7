import formbody from '@fastify/formbody';
import { AGENT_ACCOUNT_TYPES } from '@playfront/contract/constants';
import {
  AffiliateQuerySchema,
  AffiliateResponseSchema,
  ChangePasswordSchema,
  EmptyResponseSchema,
  ForgotByEmailSchema,
  LoginResponseSchema,
  MEMBER_AVATARS,
  MemberIconResponseSchema,
  MemberIconUpdateSchema,
  MemberInfoResponseSchema,
  MemberLanguageBodySchema,
  MemberLanguageResponseSchema,
  PasswordResetResponseSchema,
  RegisterRequestSchema,
  ResetByEmailSchema,
  ResetByPhoneSchema,
  SESSION_PATHS,
  SmsSentResponseSchema,
} from '@playfront/contract/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { langOf } from '../../http/request-language.ts';
import { vipBadge } from '../loyalty/vip.service.ts';
import { accountsContext, ok, requestBrand } from '../session/accounts-context.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { openSealedBody } from '../session/sealed-body.ts';
import { findAgentByAffiliateCode, findMemberById, setAvatar, setMemberLanguage } from './member.repository.ts';
import { toMemberInfo } from './member.service.ts';
import { changePassword, forgotByEmail, resetByEmail, resetByPhone } from './password.service.ts';
import { register } from './registration.service.ts';

const tags = ['member'];
const sealed =
  'Sealed call (E): the body is `{ value }` with an `Encryption` header; the schema shows the payload inside. See docs/decisions/003.';

/** Member calls of spec section 7: info, icon, registration, passwords, affiliate check. */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = accountsContext(app);
  // Forgot-by-email is a form post (spec section 7); the parser stays inside this plugin.
  await app.register(formbody);

  app.get(
    SESSION_PATHS.memberInfo,
    {
      preParsing: requireMember({ allowTrial: true, allowPendingPasswordChange: true }),
      schema: { tags, summary: 'The logged-in member', response: { 200: MemberInfoResponseSchema } },
    },
    async (request) => {
      const me = memberOf(request);
      const member = await findMemberById(app.deps.db, me.memberId);
      if (!member) throw new AppError('NOT_LOGGED_IN');
      return ok({ ...toMemberInfo(member), ...(await vipBadge(app.deps.db, me.brandId, member.vip_level, langOf(request))) });
    },
  );

  app.get(
    SESSION_PATHS.memberIcon,
    {
      preParsing: requireMember(),
      schema: { tags, summary: 'Profile icon and the built-in choices', response: { 200: MemberIconResponseSchema } },
    },
    async (request) => {
      const member = await findMemberById(app.deps.db, memberOf(request).memberId);
      if (!member) throw new AppError('NOT_LOGGED_IN');
      return ok({ avatar: member.avatar, choices: MEMBER_AVATARS });
    },
  );

  app.put(
    SESSION_PATHS.memberIcon,
    {
      preParsing: requireMember(),
      schema: {
        tags,
        summary: 'Choose a built-in profile icon',
        body: MemberIconUpdateSchema,
        response: { 200: MemberIconResponseSchema },
      },
    },
    async (request) => {
      const { avatar } = request.body;
      if (!MEMBER_AVATARS.includes(avatar)) throw new AppError('VALIDATION', { fields: { avatar: { key: 'errors.invalidField' } } });
      await setAvatar(app.deps.db, memberOf(request).memberId, avatar, app.deps.now());
      return ok({ avatar, choices: MEMBER_AVATARS });
    },
  );

  // The language update of spec section 7, kept on the account so it follows the member.
  app.put(
    SESSION_PATHS.memberLanguage,
    {
      preParsing: requireMember(),
      schema: {
        tags,
        summary: "Save the member's language choice (EN or BN); member info and login answer it",
        body: MemberLanguageBodySchema,
        response: { 200: MemberLanguageResponseSchema },
      },
    },
    async (request) => {
      const { language } = request.body;
      await setMemberLanguage(app.deps.db, memberOf(request).memberId, language, app.deps.now());
      return ok({ language });
    },
  );

  for (const [path, mode] of [
    [SESSION_PATHS.register, 'username'],
    [SESSION_PATHS.registerMobile, 'mobile'],
  ] as const) {
    app.put(
      path,
      {
        preValidation: openSealedBody,
        schema: {
          tags,
          summary:
            mode === 'username'
              ? 'Register by username (USERNAMEREG3); logs in'
              : 'Register by mobile (MOBILENUMREG3); username = mobile without leading zeros; logs in',
          description: `${sealed} Field problems come back in \`fields\` as { key, params: { min, max } }.`,
          body: RegisterRequestSchema,
          response: { 200: LoginResponseSchema },
        },
      },
      async (request) => ok(await register(request, await requestBrand(request), request.body, mode)),
    );
  }

  app.put(
    SESSION_PATHS.password,
    {
      // Authenticate before opening the seal, so an anonymous caller cannot even spend a nonce.
      preParsing: requireMember({ allowPendingPasswordChange: true }),
      preValidation: openSealedBody,
      schema: {
        tags,
        summary: 'Change password; signs out every other session',
        description: sealed,
        body: ChangePasswordSchema,
        response: { 200: EmptyResponseSchema },
      },
    },
    async (request) => {
      await changePassword(request, ctx, memberOf(request), request.body);
      return ok(null);
    },
  );

  app.post(
    SESSION_PATHS.passwordEmail,
    {
      schema: {
        tags,
        summary: 'Forgot password: e-mails a reset code (same answer whether or not the account exists)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: ForgotByEmailSchema,
        response: { 200: SmsSentResponseSchema },
      },
    },
    async (request) => ok(await forgotByEmail(request, ctx, await requestBrand(request), request.body)),
  );

  app.put(
    SESSION_PATHS.passwordEmailReset,
    {
      preValidation: openSealedBody,
      schema: {
        tags,
        summary: 'Set a new password with the e-mailed code',
        description: sealed,
        body: ResetByEmailSchema,
        response: { 200: PasswordResetResponseSchema },
      },
    },
    async (request) => ok(await resetByEmail(request, await requestBrand(request), request.body)),
  );

  app.put(
    SESSION_PATHS.passwordVerification,
    {
      preValidation: openSealedBody,
      schema: {
        tags,
        summary: 'Set a new password with an SMS code (PHONE_PASSWORD_RESET)',
        description: sealed,
        body: ResetByPhoneSchema,
        response: { 200: PasswordResetResponseSchema },
      },
    },
    async (request) => ok(await resetByPhone(request, await requestBrand(request), request.body)),
  );

  app.get(
    SESSION_PATHS.affiliate,
    {
      schema: {
        tags: ['agent'],
        summary: 'Is this an agent’s affiliate code?',
        querystring: AffiliateQuerySchema,
        response: { 200: AffiliateResponseSchema },
      },
    },
    async (request) => {
      const brand = await requestBrand(request);
      const agent = await findAgentByAffiliateCode(app.deps.db, brand.id, request.query.code, AGENT_ACCOUNT_TYPES);
      if (!agent) throw new AppError('INVALID_AFFILIATE');
      return ok({ valid: true as const });
    },
  );
};
