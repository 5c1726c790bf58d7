import type { SocialProviderAdmin, SocialProviderCreate, SocialProviderSettings } from '@playfront/contract/social';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { adminProvider, saveProvider } from '../social/social.service.ts';
import { type AuditActor, withAudit } from '../staff/audit.ts';

/**
 * The brand's OpenID Connect sign-in providers from the console (decision 058): the social feature's own
 * saveProvider, called inside the transaction that writes the change's one audit row. The client secret is never
 * answered and never audited: the audit row says `set` (one is stored) or `changed` (this change gave a new one).
 */
type SecretWord = 'set' | 'changed' | null;

function auditView(p: SocialProviderAdmin, clientSecret: SecretWord) {
  return {
    slug: p.slug,
    displayName: p.displayName,
    issuer: p.issuer,
    clientId: p.clientId,
    clientSecret,
    redirectUri: p.redirectUri,
    enabled: p.enabled,
    allowRegistration: p.allowRegistration,
    sort: p.sort,
  };
}

async function saveAudited(
  request: FastifyRequest,
  db: Db,
  actor: AuditActor,
  slug: string,
  settings: SocialProviderSettings,
  mode: 'create' | 'update',
  at: Date,
): Promise<SocialProviderAdmin> {
  return db.transaction().execute(async (trx) => {
    // One change of the brand's providers at a time: two creates of one slug cannot both pass the check below.
    await trx.selectFrom('brand').select('id').where('id', '=', actor.brandId).forUpdate().executeTakeFirst();
    const before = await adminProvider(trx, actor.brandId, slug);
    if (mode === 'create' && before) throw new AppError('SOCIAL_PROVIDER_EXISTS');
    if (mode === 'update' && !before) throw new AppError('NOT_FOUND');
    const saved = await saveProvider(request, actor.brandId, slug, settings, trx);
    const secret: SecretWord = settings.clientSecret ? (before?.hasClientSecret ? 'changed' : 'set') : saved.hasClientSecret ? 'set' : null;
    await withAudit(
      trx,
      actor,
      mode === 'create' ? 'social_provider.create' : 'social_provider.update',
      { type: 'social_provider', id: slug },
      before ? auditView(before, before.hasClientSecret ? 'set' : null) : null,
      auditView(saved, secret),
      at,
    );
    return saved;
  });
}

export function consoleCreateProvider(request: FastifyRequest, db: Db, actor: AuditActor, body: SocialProviderCreate, at: Date) {
  const { slug, ...settings } = body;
  return saveAudited(request, db, actor, slug, settings, 'create', at);
}

export function consoleUpdateProvider(
  request: FastifyRequest,
  db: Db,
  actor: AuditActor,
  slug: string,
  body: SocialProviderSettings,
  at: Date,
) {
  return saveAudited(request, db, actor, slug, body, 'update', at);
}
