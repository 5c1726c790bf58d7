import * as oidc from 'openid-client';
import { perDatabase, TtlCache } from '../../infra/ttl-cache.ts';

/**
 * The relying-party side of OpenID Connect, all through openid-client: discovery (cached per provider version),
 * the authorization URL with PKCE (S256), state and nonce, and the code exchange that checks state, PKCE, nonce,
 * issuer and the ID token's signature and claims. Nothing here is hand-written protocol.
 */
export type OidcClientSettings = {
  providerId: number;
  version: number;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Plain http issuers are for local providers (tests, development); never in production. */
  allowHttp: boolean;
};

/** Discovery documents rarely change; a provider edit changes the key (version = updated_at) and so reloads it. */
const configurations = perDatabase(() => new TtlCache<oidc.Configuration>(10 * 60_000, 100));

export function clientConfiguration(db: object, s: OidcClientSettings): Promise<oidc.Configuration> {
  return configurations(db).get(`${s.providerId}:${s.version}`, () =>
    oidc.discovery(new URL(s.issuer), s.clientId, undefined, oidc.ClientSecretBasic(s.clientSecret), {
      timeout: 10,
      ...(s.allowHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
    }),
  );
}

export type FlowSecrets = { state: string; nonce: string; codeVerifier: string };

export function newFlowSecrets(): FlowSecrets {
  return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
}

export async function authorizationUrl(config: oidc.Configuration, redirectUri: string, secrets: FlowSecrets): Promise<string> {
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
      code_challenge_method: 'S256',
      state: secrets.state,
      nonce: secrets.nonce,
    })
    .toString();
}

export type IdentityClaims = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  preferredUsername: string | null;
  name: string | null;
};

/** Exchanges the callback's code; throws when anything does not check out. */
export async function exchangeCode(config: oidc.Configuration, callbackUrl: URL, secrets: FlowSecrets): Promise<IdentityClaims> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: secrets.codeVerifier,
    expectedState: secrets.state,
    expectedNonce: secrets.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken?.sub) throw new Error('no subject in the ID token');
  // Many providers put profile and e-mail claims only in the UserInfo answer (checked against the ID token's subject).
  const wanted = ['email', 'preferred_username', 'name'];
  const needsUserInfo = wanted.some((c) => idToken[c] === undefined) && config.serverMetadata().userinfo_endpoint;
  const claims: Record<string, unknown> = needsUserInfo
    ? { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken }
    : idToken;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  return {
    subject: idToken.sub,
    email: text(claims.email),
    emailVerified: claims.email_verified === true,
    preferredUsername: text(claims.preferred_username),
    name: text(claims.name),
  };
}
