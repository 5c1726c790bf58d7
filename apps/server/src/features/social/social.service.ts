import { createHash } from 'node:crypto';
import { MEMBER_ACCOUNT_TYPE } from '@playfront/contract/constants';
import { ruleFor, validateField } from '@playfront/contract/registration-patterns';
import type { LoginResult } from '@playfront/contract/session';
import {
  type LinkedIdentity,
  SOCIAL_FLOW_SECONDS,
  type SocialCompleteResult,
  type SocialProvider,
  type SocialProviderAdmin,
  type SocialProviderSettings,
} from '@playfront/contract/social';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { getBrandFlags } from '../brand/brand.repository.ts';
import type { BrandRow } from '../brand/brand.table.ts';
import { emailTaken, findMemberById, findMemberByUsername, insertMember, isKnownIp, NO_PROFILE } from '../member/member.repository.ts';
import type { MemberRow } from '../member/member.table.ts';
import { loadRules } from '../member/registration-rules.ts';
import { findReferrerByCode } from '../referral/referral.repository.ts';
import { maskEmail } from '../security/security.service.ts';
import { isTwoStepOn } from '../security/two-step.service.ts';
import type { AccountsContext } from '../session/accounts-context.ts';
import { type AuthMember, authenticate } from '../session/authenticate.ts';
import { accountKey, assertMayLogIn, startSession } from '../session/login.service.ts';
import { decryptAtRest, encryptAtRest } from '../session/server-key.ts';
import { requireSecondStep } from '../session/two-step-challenge.ts';
import { authorizationUrl, clientConfiguration, exchangeCode, type IdentityClaims, newFlowSecrets } from './oidc-client.ts';
import {
  claimFlow,
  countIdentities,
  findIdentity,
  findMemberIdentity,
  findProvider,
  findProviderById,
  insertFlow,
  insertIdentity,
  listMemberIdentities,
  listProviders,
  upsertProvider,
} from './social.repository.ts';
import type { SocialProviderRow } from './social.table.ts';
import { usernameCandidates } from './social-username.ts';

/**
 * Social login, registration and account linking with the brand's OpenID Connect providers (decision 053). A
 * provider is offered when the brand's SOCIAL_LOGIN feature is on and the provider is enabled; the browser goes to
 * the provider and comes back to the SPA's callback page, which hands the query to `completeFlow`.
 */
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** Client secrets are sealed with the server's at-rest secret (the one that seals TOTP secrets). */
function sealingSecret(request: FastifyRequest): string {
  const secret = request.server.deps.config.accounts.twoFactorSecret;
  if (!secret) throw new AppError('FEATURE_DISABLED');
  return secret;
}

async function socialOn(db: Db, brandId: number): Promise<boolean> {
  return (await getBrandFlags(db, brandId)).features.SOCIAL_LOGIN;
}

/** The provider by slug when the brand offers it now; SOCIAL_PROVIDER_UNAVAILABLE otherwise. */
async function offeredProvider(db: Db, brandId: number, slug: string): Promise<SocialProviderRow> {
  const provider = await findProvider(db, brandId, slug);
  if (!provider?.enabled || !(await socialOn(db, brandId))) throw new AppError('SOCIAL_PROVIDER_UNAVAILABLE');
  return provider;
}

function configurationOf(request: FastifyRequest, provider: SocialProviderRow) {
  const { db, config } = request.server.deps;
  return clientConfiguration(db, {
    providerId: provider.id,
    version: new Date(provider.updated_at).getTime(),
    issuer: provider.issuer,
    clientId: provider.client_id,
    clientSecret: decryptAtRest(provider.client_secret_sealed, sealingSecret(request)).toString('utf8'),
    allowHttp: !config.production,
  });
}

export async function offeredProviders(db: Db, brandId: number): Promise<SocialProvider[]> {
  if (!(await socialOn(db, brandId))) return [];
  const rows = await listProviders(db, brandId);
  return rows.filter((p) => p.enabled).map((p) => ({ slug: p.slug, displayName: p.display_name, registration: p.allow_registration }));
}

/** Starts a flow: the provider's authorization URL with a fresh state, nonce and PKCE challenge. */
export async function startFlow(
  request: FastifyRequest,
  brand: BrandRow,
  input: { provider: string; purpose: 'login' | 'link'; memberId?: number; referralCode?: string | undefined },
): Promise<{ authorizationUrl: string }> {
  const { db, now } = request.server.deps;
  const provider = await offeredProvider(db, brand.id, input.provider);
  if (input.purpose === 'link' && input.memberId !== undefined && (await findMemberIdentity(db, input.memberId, provider.id)))
    throw new AppError('SOCIAL_ALREADY_LINKED');
  let config: Awaited<ReturnType<typeof configurationOf>>;
  try {
    config = await configurationOf(request, provider);
  } catch (err) {
    request.log.warn({ err, provider: provider.slug }, 'social login: provider discovery failed');
    throw new AppError('SOCIAL_SIGN_IN_FAILED');
  }
  const secrets = newFlowSecrets();
  const at = now();
  await insertFlow(db, {
    state_hash: sha256(secrets.state),
    provider_id: provider.id,
    purpose: input.purpose,
    member_id: input.purpose === 'link' ? (input.memberId ?? null) : null,
    code_verifier: secrets.codeVerifier,
    nonce: secrets.nonce,
    referral_code: input.referralCode || null,
    created_at: at,
    expires_at: new Date(at.getTime() + SOCIAL_FLOW_SECONDS * 1000),
  });
  return { authorizationUrl: await authorizationUrl(config, provider.redirect_uri, secrets) };
}

/**
 * The provider's answer: the flow is spent first (a replayed or forged state finds nothing), then the code is
 * exchanged (state, PKCE, nonce and the ID token checked by openid-client), then the identity logs in, registers
 * or is linked.
 */
export async function completeFlow(
  request: FastifyRequest,
  ctx: AccountsContext,
  brand: BrandRow,
  query: string,
): Promise<SocialCompleteResult> {
  const { db, now } = request.server.deps;
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const state = params.get('state');
  if (!state) throw new AppError('SOCIAL_STATE_INVALID');
  const flow = await claimFlow(db, sha256(state), now());
  const provider = flow ? await findProviderById(db, flow.provider_id) : undefined;
  if (!flow || provider?.brand_id !== brand.id) throw new AppError('SOCIAL_STATE_INVALID');
  // Switched off while the member was at the provider: refused all the same.
  if (!provider.enabled || !(await socialOn(db, brand.id))) throw new AppError('SOCIAL_PROVIDER_UNAVAILABLE');

  // A link belongs to the session that started it.
  let me: AuthMember | undefined;
  if (flow.purpose === 'link') {
    me = await authenticate(request);
    if (me.memberId !== flow.member_id) throw new AppError('SOCIAL_STATE_INVALID');
  }
  if (params.has('error')) throw new AppError('SOCIAL_SIGN_IN_FAILED');

  let claims: IdentityClaims;
  try {
    const callback = new URL(provider.redirect_uri);
    callback.search = params.toString();
    claims = await exchangeCode(await configurationOf(request, provider), callback, {
      state,
      nonce: flow.nonce,
      codeVerifier: flow.code_verifier,
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    request.log.warn({ err, provider: provider.slug }, 'social login: the code exchange was refused');
    throw new AppError('SOCIAL_SIGN_IN_FAILED');
  }

  if (me) return { outcome: 'linked', login: null, identity: await link(request, me.memberId, provider, claims) };
  const known = await findIdentity(db, provider.id, claims.subject);
  if (known) return { outcome: 'login', login: await logIn(request, ctx, brand, known.member_id), identity: null };
  if (!provider.allow_registration) throw new AppError('SOCIAL_NOT_REGISTERED');
  const registered = await registerMember(request, brand, provider, claims, flow.referral_code);
  if (registered.existing) return { outcome: 'login', login: await logIn(request, ctx, brand, registered.member.id), identity: null };
  const login = await startSession(request, registered.member, {
    site: 'member',
    mustChangePassword: false,
    passwordExpired: false,
    firstTimeLogin: true,
    method: 'SOCIAL',
  });
  return { outcome: 'registered', login, identity: null };
}

/** A linked identity's member logs in: the same session start as a password login, its locks, exclusions and second step. */
async function logIn(request: FastifyRequest, ctx: AccountsContext, brand: BrandRow, memberId: number): Promise<LoginResult> {
  const { db } = request.server.deps;
  const member = await findMemberById(db, memberId);
  if (!member || member.brand_id !== brand.id) throw new AppError('SOCIAL_NOT_REGISTERED');
  // An account locked by password guessing opens only from an address the member used before (as a password login).
  const lock = await ctx.limits.loginFailAccount.blockedFor(accountKey(brand.id, member.username));
  if (lock > 0 && !(await isKnownIp(db, member.id, request.ip)))
    throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: lock } });
  assertMayLogIn(member, 'member');
  if (await isTwoStepOn(db, member.id))
    return requireSecondStep(request, member, { site: 'member', method: 'SOCIAL', mustChangePassword: false, passwordExpired: false });
  return startSession(request, member, { site: 'member', mustChangePassword: false, passwordExpired: false, method: 'SOCIAL' });
}

const isUnique = (err: unknown, constraint?: string) =>
  (err as { code?: string }).code === '23505' &&
  (constraint === undefined || String((err as { constraint?: string }).constraint ?? '').includes(constraint));

async function link(
  request: FastifyRequest,
  memberId: number,
  provider: SocialProviderRow,
  claims: IdentityClaims,
): Promise<LinkedIdentity> {
  const { db, now } = request.server.deps;
  const holder = await findIdentity(db, provider.id, claims.subject);
  if (holder) throw new AppError(holder.member_id === memberId ? 'SOCIAL_ALREADY_LINKED' : 'SOCIAL_IDENTITY_TAKEN');
  try {
    const row = await insertIdentity(db, {
      member_id: memberId,
      provider_id: provider.id,
      subject: claims.subject,
      email: claims.email,
      linked_at: now(),
    });
    return identityOf(provider, row.email, row.linked_at);
  } catch (err) {
    // Two links racing: the unique indexes decide.
    if (isUnique(err, 'member_identity_subject')) throw new AppError('SOCIAL_IDENTITY_TAKEN');
    if (isUnique(err, 'member_identity_member_provider')) throw new AppError('SOCIAL_ALREADY_LINKED');
    throw err;
  }
}

const identityOf = (provider: Pick<SocialProviderRow, 'slug' | 'display_name'>, email: string | null, linkedAt: Date | string) => ({
  provider: provider.slug,
  displayName: provider.display_name,
  email: email ? maskEmail(email) : null,
  linkedAt: new Date(linkedAt).toISOString(),
});

export async function memberIdentities(db: Db, memberId: number): Promise<LinkedIdentity[]> {
  const rows = await listMemberIdentities(db, memberId);
  return rows.map((r) => identityOf(r, r.email, r.linked_at));
}

/**
 * A new member for an identity nobody linked: a username from its claims that the brand's username rule accepts and
 * nobody has, its verified e-mail when no member has it, the referral link's code; member and link in one transaction.
 * Another flow of the same identity that won the race: that member (existing), who then simply logs in.
 */
async function registerMember(
  request: FastifyRequest,
  brand: BrandRow,
  provider: SocialProviderRow,
  claims: IdentityClaims,
  referralCode: string | null,
): Promise<{ member: MemberRow; existing: boolean }> {
  const { db, now } = request.server.deps;
  const rules = await loadRules(db, brand.id);
  const rule = rules.get('username');
  const check = rule ? ruleFor(rule.patternId, rule.minLength, rule.maxLength) : undefined;
  const candidates = usernameCandidates(claims, { min: rule?.minLength ?? 4, max: rule?.maxLength ?? 16 });
  const email = claims.email && claims.emailVerified && !(await emailTaken(db, brand.id, claims.email)) ? claims.email : null;
  const referrer = referralCode ? await findReferrerByCode(db, brand.id, referralCode) : undefined;
  for (const username of candidates) {
    if (check && validateField(check, username)) continue;
    if (await findMemberByUsername(db, brand.id, username)) continue;
    const at = now();
    try {
      const member = await db.transaction().execute(async (trx) => {
        const created = await insertMember(trx, {
          brand_id: brand.id,
          username,
          type: MEMBER_ACCOUNT_TYPE,
          password_hash: null,
          payment_password_hash: null,
          password_changed_at: at,
          nickname: username,
          ...NO_PROFILE,
          email,
          upline_id: null,
          affiliate_code: null,
          referral_code: referralCode,
          referrer_id: referrer?.id ?? null,
          recommender_id: null,
          register_ip: request.ip,
          register_method: `SOCIAL:${provider.slug}`,
          register_url: null,
          register_domain: null,
          last_login_ip: null,
          created_at: at,
          updated_at: at,
        });
        await insertIdentity(trx, {
          member_id: created.id,
          provider_id: provider.id,
          subject: claims.subject,
          email: claims.email,
          linked_at: at,
        });
        return created;
      });
      return { member, existing: false };
    } catch (err) {
      if (isUnique(err, 'member_identity_subject')) {
        const winner = await findIdentity(db, provider.id, claims.subject);
        const member = winner ? await findMemberById(db, winner.member_id) : undefined;
        if (member) return { member, existing: true };
      }
      // Someone took this name (or the e-mail) a moment ago: the next candidate.
      if (!isUnique(err)) throw err;
    }
  }
  throw new AppError('USERNAME_TAKEN');
}

// ---- operator ------------------------------------------------------------

function adminOf(p: SocialProviderRow, linked: number): SocialProviderAdmin {
  return {
    slug: p.slug,
    displayName: p.display_name,
    issuer: p.issuer,
    clientId: p.client_id,
    hasClientSecret: p.client_secret_sealed !== '',
    redirectUri: p.redirect_uri,
    enabled: p.enabled,
    allowRegistration: p.allow_registration,
    sort: p.sort,
    linkedIdentities: linked,
  };
}

export async function adminProviders(db: Db, brandId: number): Promise<SocialProviderAdmin[]> {
  const rows = await listProviders(db, brandId);
  const counts = await countIdentities(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => adminOf(r, counts.get(r.id) ?? 0));
}

/** One provider as an operator sees it (never its secret); undefined when the brand has none by that slug. */
export async function adminProvider(db: Db, brandId: number, slug: string): Promise<SocialProviderAdmin | undefined> {
  const row = await findProvider(db, brandId, slug);
  if (!row) return undefined;
  return adminOf(row, (await countIdentities(db, [row.id])).get(row.id) ?? 0);
}

/**
 * Creates or changes a provider. A new one needs its client secret; https only in production. `db` is the
 * transaction of a caller that records the change with it (the console's audit row, decision 058).
 */
export async function saveProvider(
  request: FastifyRequest,
  brandId: number,
  slug: string,
  input: SocialProviderSettings,
  db: Db = request.server.deps.db,
): Promise<SocialProviderAdmin> {
  const { config, now } = request.server.deps;
  const allowed = config.production ? ['https:'] : ['https:', 'http:'];
  const problems: Record<string, { key: string }> = {};
  for (const field of ['issuer', 'redirectUri'] as const)
    if (!allowed.includes(new URL(input[field]).protocol)) problems[field] = { key: 'errors.formatIncorrect' };
  if (Object.keys(problems).length > 0) throw new AppError('VALIDATION', { fields: problems });
  const row = await upsertProvider(db, {
    brand_id: brandId,
    slug,
    display_name: input.displayName,
    issuer: input.issuer,
    client_id: input.clientId,
    client_secret_sealed: input.clientSecret ? encryptAtRest(Buffer.from(input.clientSecret, 'utf8'), sealingSecret(request)) : undefined,
    redirect_uri: input.redirectUri,
    enabled: input.enabled,
    allow_registration: input.allowRegistration,
    sort: input.sort ?? 0,
    at: now(),
  });
  if (!row) throw new AppError('VALIDATION', { fields: { clientSecret: { key: 'patterns.required' } } });
  const counts = await countIdentities(db, [row.id]);
  return adminOf(row, counts.get(row.id) ?? 0);
}
