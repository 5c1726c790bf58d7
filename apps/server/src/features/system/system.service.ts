import {
  type Brand,
  type CountryCodes,
  CustomerServiceSchema,
  DomainRouteSchema,
  type FieldRuleDto,
  type LanguageCode,
  LanguageSchema,
  PATTERNS,
  type PatternId,
  type Permission,
  REGISTRATION_FIELDS,
  type RegisterSettings,
  type RegistrationField,
  type RegValidata,
  SocialLinkSchema,
  SYSTEM_STATUS,
  type SystemStatus,
  sealForClient,
} from '@playfront/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { type BrandFlags, findBrand, getBrandFlags } from '../brand/brand.repository.ts';
import type { BrandRow } from '../brand/brand.table.ts';
import {
  isIpRestricted,
  listCountries,
  listCustomerService,
  listDomainRoutes,
  listHelpArticles,
  listRegistrationRules,
  listResources,
  listSocialLinks,
} from './system.repository.ts';

/** The brand a request is for: the Merchant header's, else the default brand. */
export async function requestBrand(db: Db, request: FastifyRequest): Promise<BrandRow> {
  const header = request.headers.merchant;
  const merchant = Array.isArray(header) ? header[0] : header;
  const brand = await findBrand(db, merchant?.trim() || undefined);
  if (!brand) throw new AppError('NOT_FOUND');
  return brand;
}

/**
 * The caller's address: `request.ip` honours X-Forwarded-For only when
 * TRUST_PROXY is on. An IPv4 client on a dual-stack socket shows up as
 * `::ffff:a.b.c.d`; unwrap it so IPv4 region rules apply to it.
 */
export function clientIp(request: FastifyRequest): string {
  const ip = request.ip;
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice('::ffff:'.length) : ip;
}

export async function systemStatus(db: Db, brand: BrandRow, ip: string, lang?: LanguageCode): Promise<SystemStatus> {
  // Maintenance blocks everyone, so it wins over the region check.
  if (brand.maintenance) {
    const messages = brand.maintenance_message ?? {};
    const message = (lang && messages[lang]) || messages[brandLanguage(brand)] || '';
    return message ? { status: SYSTEM_STATUS.MAINTENANCE, ip, message } : { status: SYSTEM_STATUS.MAINTENANCE, ip };
  }
  const restricted = await isIpRestricted(db, brand.id, ip);
  return { status: restricted ? SYSTEM_STATUS.REGION_RESTRICTED : SYSTEM_STATUS.NORMAL, ip };
}

function brandLanguages(brand: BrandRow): LanguageCode[] {
  return brand.languages.filter((l): l is LanguageCode => LanguageSchema.safeParse(l).success);
}

export function brandLanguage(brand: BrandRow, requested?: string): LanguageCode {
  const languages = brandLanguages(brand);
  const wanted = requested?.toUpperCase();
  const match = languages.find((l) => l === wanted);
  if (match) return match;
  const fallback = LanguageSchema.safeParse(brand.default_language);
  return fallback.success ? fallback.data : (languages[0] ?? 'BN');
}

export function toBrandDto(brand: BrandRow): Brand {
  return {
    merchantCode: brand.merchant_code,
    name: brand.name,
    platform: 'WEB',
    lotteryType: brand.lottery_type,
    languages: brandLanguages(brand),
    defaultLanguage: brandLanguage(brand),
    currency: brand.currency,
    currencySymbol: brand.currency_symbol,
    esportCodes: brand.esport_codes,
    cockfightCodes: brand.cockfight_codes,
    prizeModes: brand.prize_modes,
    agentAccountTypes: brand.agent_account_types,
    trialAccountType: brand.trial_account_type,
  };
}

export async function registerSettings(db: Db, brand: BrandRow, known?: BrandFlags): Promise<RegisterSettings> {
  const [{ flags }, countries] = await Promise.all([known ?? getBrandFlags(db, brand.id), listCountries(db, brand.id)]);
  // listCountries puts the default country first.
  const home = countries[0];
  const minDigits = home?.min_digits ?? 6;
  const maxDigits = home?.max_digits ?? 15;
  return {
    usernameRegistration: flags.USERNAMEREG3,
    mobileRegistration: flags.MOBILENUMREG3,
    mobilePasswordRegistration: flags.MOBILENUMPASSREG3,
    smsVerification: flags.REGMOBVERF3,
    agentPolicy: flags.AGENTPOLICY3,
    minimumAge: brand.minimum_age,
    countries: countries.map((c) => ({ code: c.code, dialingCode: c.dialing_code, minDigits: c.min_digits, maxDigits: c.max_digits })),
    defaultCountry: home?.code ?? '',
    mobileRule: { regExp: `^[0-9]{${minDigits},${maxDigits}}$`, minLength: minDigits, maxLength: maxDigits },
  };
}

/**
 * getCountryCode (spec section 7). The dialing codes the brand accepts, its default first:
 * the same list and order the register settings carry, so the forms and the server's own checks never disagree.
 */
export async function countryCodes(db: Db, brand: BrandRow): Promise<CountryCodes> {
  const countries = await listCountries(db, brand.id);
  return {
    list: countries.map((c) => ({ code: c.code, dialingCode: c.dialing_code, minDigits: c.min_digits, maxDigits: c.max_digits })),
    defaultCountry: countries[0]?.code ?? '',
  };
}

/** A field the brand has no rule for is hidden and optional, so the answer always names every field. */
const HIDDEN_FIELD: FieldRuleDto = {
  patternId: 'ANY',
  acceptedPattern: PATTERNS.ANY,
  minLength: 0,
  maxLength: 255,
  show: false,
  required: false,
};

export async function regValidata(db: Db, brandId: number): Promise<RegValidata> {
  const rows = await listRegistrationRules(db, brandId);
  const byField = new Map(rows.map((r) => [r.field, r]));
  const entries = REGISTRATION_FIELDS.map((field): [RegistrationField, FieldRuleDto] => {
    const row = byField.get(field);
    if (!row || !Object.hasOwn(PATTERNS, row.pattern_id)) return [field, HIDDEN_FIELD];
    const patternId = row.pattern_id as PatternId;
    return [
      field,
      {
        patternId,
        acceptedPattern: PATTERNS[patternId],
        minLength: row.min_length,
        maxLength: row.max_length,
        show: row.show,
        required: row.required,
      },
    ];
  });
  return Object.fromEntries(entries) as RegValidata;
}

type DomainRoute = z.infer<typeof DomainRouteSchema>;
export async function domainRoutes(db: Db, brandId: number): Promise<DomainRoute[]> {
  const rows = await listDomainRoutes(db, brandId);
  return rows.flatMap((r) => {
    const parsed = DomainRouteSchema.safeParse(r);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Articles in the requested language; a language with none falls back to the brand's default. */
export async function helpCenter(db: Db, brand: BrandRow, lang: LanguageCode) {
  const articles = await listHelpArticles(db, brand.id, lang);
  const fallback = brandLanguage(brand);
  if (articles.length > 0 || fallback === lang) return articles;
  return listHelpArticles(db, brand.id, fallback);
}

type CustomerService = z.infer<typeof CustomerServiceSchema>;

/**
 * Customer-service links, sealed for the client's ephemeral key. Without a
 * usable key the links are not sent at all: never in clear.
 */
async function sealedCustomerService(
  db: Db,
  brandId: number,
  clientKey: string | undefined,
  log: FastifyBaseLogger,
): Promise<{ sealKey: string | null; customerService: CustomerService[] }> {
  if (!clientKey) return { sealKey: null, customerService: [] };
  const rows = (await listCustomerService(db, brandId)).filter((r) => CustomerServiceSchema.shape.csType.safeParse(r.cs_type).success);
  try {
    const { sealKey, sealed } = await sealForClient(
      clientKey,
      rows.map((r) => r.url),
    );
    const customerService = rows.map((r, i) => ({
      csType: r.cs_type as CustomerService['csType'],
      name: r.name,
      // sealForClient returns one sealed value per plaintext, in order.
      path: sealed[i]!,
    }));
    return { sealKey, customerService };
  } catch {
    log.debug('permission: client key unusable, customer-service paths withheld');
    return { sealKey: null, customerService: [] };
  }
}

export async function permission(
  db: Db,
  brand: BrandRow,
  ip: string,
  clientKey: string | undefined,
  log: FastifyBaseLogger,
): Promise<Permission> {
  const flags = await getBrandFlags(db, brand.id);
  const [register, routes, resources, social, restricted, cs] = await Promise.all([
    registerSettings(db, brand, flags),
    domainRoutes(db, brand.id),
    listResources(db, brand.id),
    listSocialLinks(db, brand.id),
    isIpRestricted(db, brand.id, ip),
    sealedCustomerService(db, brand.id, clientKey, log),
  ]);
  return {
    brand: toBrandDto(brand),
    customerService: cs.customerService,
    sealKey: cs.sealKey,
    domainRoute: routes,
    resources: Object.fromEntries(
      resources.map((r) => [r.resource_type, { resourceType: r.resource_type, url: r.url, ...(r.label ? { label: r.label } : {}) }]),
    ),
    socialLinks: social.flatMap((s) => {
      const parsed = SocialLinkSchema.safeParse(s);
      return parsed.success ? [parsed.data] : [];
    }),
    whitelabel: flags,
    register,
    mainDomain: brand.main_domain,
    analytics: { gtagId: brand.analytics_gtag_id },
    imageCDNs: brand.image_cdns,
    launchGameCDNs: brand.launch_cdns,
    location: { ip },
    maintenance: brand.maintenance,
    regionRestriction: restricted,
  };
}
