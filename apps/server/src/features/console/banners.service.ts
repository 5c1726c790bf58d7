import type { Banner, BannerGroup, BannerInputSchema } from '@playfront/contract/console';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { BannerRow } from '../content/content.table.ts';
import { type AuditActor, withAudit } from '../staff/audit.ts';

type BannerValues = z.output<typeof BannerInputSchema>;

const toBanner = (b: BannerRow): Banner => ({
  id: String(b.id),
  group: b.group_name,
  imageUrl: { EN: b.image_url.EN ?? '', BN: b.image_url.BN ?? '' },
  title: { EN: b.title.EN ?? '', BN: b.title.BN ?? '' },
  linkageType: b.linkage_type,
  linkTarget: b.link_target,
  sort: b.sort,
  active: b.active,
});

/** An image is a path on the brand's image hosts (`/…`) or an https URL; a URL link is https or a site path. */
const safeImage = (v: string) => /^\/[^/\\]/.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v);
function check(input: BannerValues): void {
  const fields: Record<string, { key: string }> = {};
  if (!safeImage(input.imageUrl.EN)) fields['imageUrl.EN'] = { key: 'errors.invalidField' };
  if (!safeImage(input.imageUrl.BN)) fields['imageUrl.BN'] = { key: 'errors.invalidField' };
  if (input.linkageType === 'URL' && !safeImage(input.linkTarget)) fields.linkTarget = { key: 'errors.invalidField' };
  if (input.linkageType !== 'NONE' && input.linkageType !== 'URL' && !/^[\w.:-]{1,100}$/.test(input.linkTarget))
    fields.linkTarget = { key: 'errors.invalidField' };
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { fields });
}

const columns = (input: BannerValues) => ({
  group_name: input.group,
  image_url: JSON.stringify(input.imageUrl),
  title: JSON.stringify(input.title),
  linkage_type: input.linkageType,
  link_target: input.linkageType === 'NONE' ? '' : input.linkTarget,
  sort: input.sort,
  active: input.active,
});

export async function listBanners(db: Db, brandId: number, group?: BannerGroup): Promise<Banner[]> {
  let q = db.selectFrom('banner').selectAll().where('brand_id', '=', brandId);
  if (group) q = q.where('group_name', '=', group);
  return (await q.orderBy('group_name').orderBy('sort').orderBy('id').execute()).map(toBanner);
}

export async function createBanner(db: Db, actor: AuditActor, input: BannerValues, now: Date): Promise<Banner> {
  check(input);
  return db.transaction().execute(async (trx) => {
    // jsonb columns take JSON text (the same on both engines).
    const row = await trx
      .insertInto('banner')
      .values({ brand_id: actor.brandId, ...columns(input) } as never)
      .returningAll()
      .executeTakeFirstOrThrow();
    const banner = toBanner(row);
    await withAudit(trx, actor, 'banner.create', { type: 'banner', id: row.id }, null, banner, now);
    return banner;
  });
}

export async function updateBanner(db: Db, actor: AuditActor, id: number, input: BannerValues, now: Date): Promise<Banner> {
  check(input);
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('banner')
      .selectAll()
      .where('id', '=', id)
      .where('brand_id', '=', actor.brandId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND');
    const row = await trx
      .updateTable('banner')
      .set(columns(input) as never)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const banner = toBanner(row);
    await withAudit(trx, actor, 'banner.update', { type: 'banner', id }, toBanner(before), banner, now);
    return banner;
  });
}

export async function deleteBanner(db: Db, actor: AuditActor, id: number, now: Date): Promise<Banner> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('banner').where('id', '=', id).where('brand_id', '=', actor.brandId).returningAll().executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    const banner = toBanner(row);
    await withAudit(trx, actor, 'banner.delete', { type: 'banner', id }, banner, null, now);
    return banner;
  });
}
