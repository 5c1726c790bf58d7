import { isIP } from 'node:net';
import { FEATURE_FLAGS, PATTERNS, REGISTRATION_FIELDS, WHITELABEL_FLAGS } from '@playfront/contract';
import type {
  BrandFlagsInput,
  BrandHostsInput,
  BrandMaintenanceInput,
  BrandSettings,
  DepositChannel,
  DepositChannelCreate,
  DepositChannelInput,
  RegionRule,
  RegistrationRule,
} from '@playfront/contract/console-content';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { getBrandFlags, setBrandFlag } from '../brand/brand.repository.ts';
import { addRegionRule, deleteRegionRule, listRegionRules } from '../ops/ops.repository.ts';
import { type AuditActor, withAudit } from '../staff/audit.ts';
import { listDomainRoutes, listRegistrationRules } from '../system/system.repository.ts';

/**
 * The brand page of the console (issue 17, lane D): the settings the member API reads on every call
 * (system.service: whitelabel, permission, regValidata, status; funds: deposit channels), written with one audit row
 * per change in the same transaction. Callers clear this instance's caches after a change (brand.routes.ts).
 */

const fieldError = (field: string): never => {
  throw new AppError('VALIDATION', { fields: { [field]: { key: 'errors.invalidField' } } });
};

type ChannelRow = {
  id: number;
  code: string;
  gateway: string;
  name: string;
  name_bn: string | null;
  min_amount: bigint | string;
  max_amount: bigint | string;
  sort: number;
  active: boolean;
};
const toChannel = (r: ChannelRow): DepositChannel => ({
  id: String(r.id),
  code: r.code,
  gateway: r.gateway,
  name: r.name,
  nameBn: r.name_bn ?? r.name,
  minAmount: String(r.min_amount),
  maxAmount: String(r.max_amount),
  sort: r.sort,
  active: r.active,
});

const toRule = (r: { field: string; pattern_id: string; min_length: number; max_length: number; show: boolean; required: boolean }) =>
  ({
    field: r.field,
    patternId: r.pattern_id,
    minLength: r.min_length,
    maxLength: r.max_length,
    show: r.show,
    required: r.required,
  }) as RegistrationRule;

/** Every registration field: its stored rule, or hidden and optional (what regValidata serves for a field with none). */
async function registrationRules(db: Db, brandId: number): Promise<RegistrationRule[]> {
  const stored = new Map((await listRegistrationRules(db, brandId)).map((r) => [r.field, r]));
  return REGISTRATION_FIELDS.map((field) => {
    const row = stored.get(field);
    return row ? toRule(row) : { field, patternId: 'ANY', minLength: 0, maxLength: 255, show: false, required: false };
  });
}

/** The settings view; the route adds the gateways this server takes money through (the configuration's, not the brand's). */
export async function brandSettings(db: Db, brandId: number): Promise<Omit<BrandSettings, 'gateways'>> {
  const brand = await db.selectFrom('brand').selectAll().where('id', '=', brandId).executeTakeFirstOrThrow();
  const [flags, regions, registration, channels, domains] = await Promise.all([
    getBrandFlags(db, brandId),
    listRegionRules(db, brandId),
    registrationRules(db, brandId),
    db.selectFrom('deposit_channel').selectAll().where('brand_id', '=', brandId).orderBy('sort').orderBy('id').execute(),
    listDomainRoutes(db, brandId),
  ]);
  return {
    name: brand.name,
    merchantCode: brand.merchant_code,
    flags: flags.flags,
    features: flags.features,
    maintenance: brand.maintenance,
    maintenanceMessage: { EN: brand.maintenance_message?.EN ?? '', BN: brand.maintenance_message?.BN ?? '' },
    regions: regions.map((r) => ({ id: String(r.id), cidr: r.cidr, label: r.label })),
    registration,
    channels: channels.map((c) => toChannel(c as ChannelRow)),
    mainDomain: brand.main_domain,
    imageCdns: brand.image_cdns,
    launchCdns: brand.launch_cdns,
    domains: domains.map((d) => ({ domain: d.domain, purpose: d.purpose as BrandSettings['domains'][number]['purpose'], path: d.path })),
    patterns: { ...PATTERNS },
  };
}

export async function saveBrandFlags(db: Db, actor: AuditActor, input: BrandFlagsInput, now: Date) {
  return db.transaction().execute(async (trx) => {
    const before = await getBrandFlags(trx, actor.brandId);
    // Only the flags the catalogue knows; a flag the form leaves out keeps its value.
    for (const code of WHITELABEL_FLAGS) {
      const value = input.flags[code];
      if (value !== undefined && value !== before.flags[code]) await setBrandFlag(trx, actor.brandId, code, value);
    }
    for (const code of FEATURE_FLAGS) {
      const value = input.features[code];
      if (value !== undefined && value !== before.features[code]) await setBrandFlag(trx, actor.brandId, code, value);
    }
    const after = await getBrandFlags(trx, actor.brandId);
    await withAudit(trx, actor, 'brand.flags', { type: 'brand', id: actor.brandId }, before, after, now);
    return after;
  });
}

export async function saveMaintenance(db: Db, actor: AuditActor, input: BrandMaintenanceInput, now: Date) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('brand')
      .select(['maintenance', 'maintenance_message'])
      .where('id', '=', actor.brandId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('brand')
      .set({ maintenance: input.maintenance, maintenance_message: JSON.stringify(input.message) as never, updated_at: now })
      .where('id', '=', actor.brandId)
      .execute();
    const after = { maintenance: input.maintenance, message: input.message };
    await withAudit(
      trx,
      actor,
      'brand.maintenance',
      { type: 'brand', id: actor.brandId },
      { maintenance: before.maintenance, message: before.maintenance_message },
      after,
      now,
    );
    return after;
  });
}

const isInvalidInput = (err: unknown) => (err as { code?: string } | undefined)?.code === '22P02';

/** `a.b.c.d/n`, `a:b::/n` or a bare address; Postgres then refuses host bits right of the mask. */
function plausibleCidr(text: string): boolean {
  const [address = '', bits, extra] = text.split('/');
  if (extra !== undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32);
}

export async function addRegion(db: Db, actor: AuditActor, input: { cidr: string; label: string }, now: Date): Promise<RegionRule> {
  if (!plausibleCidr(input.cidr)) throw new AppError('CIDR_INVALID');
  try {
    return await db.transaction().execute(async (trx) => {
      const rule = await addRegionRule(trx, actor.brandId, input.cidr, input.label);
      const out = { id: String(rule.id), cidr: rule.cidr, label: rule.label };
      await withAudit(trx, actor, 'brand.region_add', { type: 'region_rule', id: rule.id }, null, out, now);
      return out;
    });
  } catch (err) {
    if (isInvalidInput(err)) throw new AppError('CIDR_INVALID');
    throw err;
  }
}

export async function removeRegion(db: Db, actor: AuditActor, id: number, now: Date): Promise<RegionRule> {
  return db.transaction().execute(async (trx) => {
    const rule = await deleteRegionRule(trx, actor.brandId, id);
    if (!rule) throw new AppError('NOT_FOUND');
    const out = { id: String(rule.id), cidr: rule.cidr, label: rule.label };
    await withAudit(trx, actor, 'brand.region_delete', { type: 'region_rule', id }, out, null, now);
    return out;
  });
}

export async function saveRegistrationRules(db: Db, actor: AuditActor, rules: RegistrationRule[], now: Date) {
  const seen = new Set<string>();
  rules.forEach((r, i) => {
    if (seen.has(r.field)) fieldError(`rules.${i}.field`);
    seen.add(r.field);
    if (r.minLength > r.maxLength) fieldError(`rules.${i}.minLength`);
    // A required field the form does not show could never be filled in.
    if (r.required && !r.show) fieldError(`rules.${i}.required`);
  });
  // The account cannot be made without a password: it stays shown and required.
  const password = rules.find((r) => r.field === 'password');
  if (password && !(password.show && password.required)) fieldError('rules.password');
  return db.transaction().execute(async (trx) => {
    const before = await registrationRules(trx, actor.brandId);
    for (const r of rules) {
      const values = {
        pattern_id: r.patternId,
        min_length: r.minLength,
        max_length: r.maxLength,
        show: r.show,
        required: r.required,
      };
      await trx
        .insertInto('registration_rule')
        .values({ brand_id: actor.brandId, field: r.field, ...values })
        .onConflict((oc) => oc.columns(['brand_id', 'field']).doUpdateSet(values))
        .execute();
    }
    const after = await registrationRules(trx, actor.brandId);
    await withAudit(trx, actor, 'brand.registration', { type: 'brand', id: actor.brandId }, before, after, now);
    return after;
  });
}

export async function saveChannel(db: Db, actor: AuditActor, id: number, input: DepositChannelInput, now: Date): Promise<DepositChannel> {
  if (BigInt(input.minAmount) > BigInt(input.maxAmount)) fieldError('minAmount');
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('deposit_channel')
      .selectAll()
      .where('id', '=', id)
      .where('brand_id', '=', actor.brandId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND');
    const row = await trx
      .updateTable('deposit_channel')
      .set({
        name: input.name,
        name_bn: input.nameBn,
        min_amount: BigInt(input.minAmount),
        max_amount: BigInt(input.maxAmount),
        sort: input.sort,
        active: input.active,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const out = toChannel(row as ChannelRow);
    await withAudit(trx, actor, 'brand.channel', { type: 'deposit_channel', id }, toChannel(before as ChannelRow), out, now);
    return out;
  });
}

/**
 * A new deposit channel (decision 059): refused before anything is written when its gateway is not one this server
 * has (`gateways`), its limits are not min ≤ max, or another channel of the brand has its code; one audit row.
 * Members see it at once when it is active (the deposit page reads deposit_channel on each call).
 */
export async function createChannel(
  db: Db,
  actor: AuditActor,
  input: DepositChannelCreate,
  gateways: readonly string[],
  now: Date,
): Promise<DepositChannel> {
  if (!gateways.includes(input.gateway)) fieldError('gateway');
  if (BigInt(input.minAmount) > BigInt(input.maxAmount)) fieldError('maxAmount');
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('deposit_channel')
      .values({
        brand_id: actor.brandId,
        code: input.code,
        gateway: input.gateway,
        name: input.name,
        name_bn: input.nameBn,
        min_amount: BigInt(input.minAmount),
        max_amount: BigInt(input.maxAmount),
        sort: input.sort,
        active: input.active,
      })
      .onConflict((oc) => oc.constraint('deposit_channel_code').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('CODE_TAKEN', { fields: { code: { key: 'errors.codeTaken' } } });
    const out = toChannel(row as ChannelRow);
    await withAudit(trx, actor, 'brand.channel_create', { type: 'deposit_channel', id: row.id }, null, out, now);
    return out;
  });
}

export async function saveHosts(db: Db, actor: AuditActor, input: BrandHostsInput, now: Date) {
  const seen = new Set<string>();
  input.domains.forEach((d, i) => {
    const key = `${d.domain} ${d.purpose}`;
    if (seen.has(key)) fieldError(`domains.${i}.domain`);
    seen.add(key);
  });
  return db.transaction().execute(async (trx) => {
    const brand = await trx
      .selectFrom('brand')
      .select(['main_domain', 'image_cdns', 'launch_cdns'])
      .where('id', '=', actor.brandId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const beforeDomains = await listDomainRoutes(trx, actor.brandId);
    await trx
      .updateTable('brand')
      .set({
        main_domain: input.mainDomain,
        image_cdns: input.imageCdns,
        launch_cdns: input.launchCdns,
        updated_at: now,
      })
      .where('id', '=', actor.brandId)
      .execute();
    await trx.deleteFrom('domain_route').where('brand_id', '=', actor.brandId).execute();
    if (input.domains.length > 0)
      await trx
        .insertInto('domain_route')
        .values(input.domains.map((d) => ({ brand_id: actor.brandId, domain: d.domain, purpose: d.purpose, path: d.path })))
        .execute();
    const before = { mainDomain: brand.main_domain, imageCdns: brand.image_cdns, launchCdns: brand.launch_cdns, domains: beforeDomains };
    await withAudit(trx, actor, 'brand.hosts', { type: 'brand', id: actor.brandId }, before, input, now);
    return input;
  });
}
