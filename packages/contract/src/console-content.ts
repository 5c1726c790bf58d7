import { z } from 'zod';
import { FEATURE_FLAGS, NOTICE_TYPES, POPUP_EXECUTIONS, WHITELABEL_FLAGS } from './constants.ts';
import { envelope } from './envelope.ts';
import { MAX_AMOUNT_DIGITS } from './money.ts';
import { PATTERN_IDS } from './registration-patterns.ts';
import { HELP_CATEGORIES } from './support-paths.ts';
import { DomainRouteSchema, REGISTRATION_FIELDS } from './system.ts';

/**
 * Schemas of the console's content, brand and games pages (issue 17, lane D; decision 046). Paths are in
 * console-paths.ts (CONSOLE_PATHS.notices … CONSOLE_PATHS.jackpot). Import as `@playfront/contract/console-content`.
 *
 * Rich text (popups, announcements, help articles) is HTML from the console's editor; the server keeps only an
 * allow-list of tags and attributes (no scripts, no event handlers, no javascript: links) before it stores it, and
 * the member site sanitises again when it shows it. Notices are plain text (the marquee shows text).
 */

const Id = z.string().regex(/^[1-9]\d{0,17}$/);
export const ContentItemParamsSchema = z.object({ itemId: Id });

/** A title in both brand languages, side by side. */
export const LocalisedTitleSchema = z.object({ EN: z.string().trim().min(1).max(200), BN: z.string().trim().min(1).max(200) });
/** Plain text in both languages (a notice's body). */
export const LocalisedPlainSchema = z.object({ EN: z.string().trim().min(1).max(2_000), BN: z.string().trim().min(1).max(2_000) });
/** Editor HTML in both languages; stored sanitised. */
export const RICH_TEXT_MAX = 50_000;
export const LocalisedRichSchema = z.object({ EN: z.string().min(1).max(RICH_TEXT_MAX), BN: z.string().min(1).max(RICH_TEXT_MAX) });
const Localised = z.object({ EN: z.string(), BN: z.string() });
const Sort = z.number().int().min(0).max(10_000).default(0);

/** When a notice or popup shows: ISO instants, either end open (null). The end must come after the start. */
const ScheduleFields = {
  startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
};
const endsAfterStart = (v: { startsAt: string | null; endsAt: string | null }) =>
  v.startsAt === null || v.endsAt === null || Date.parse(v.endsAt) > Date.parse(v.startsAt);
const END_AFTER_START = { path: ['endsAt'], message: 'content.endBeforeStart' };
/** Where the item stands today: hidden (switched off), scheduled (not started), shown, or ended. */
export const CONTENT_STATES = ['hidden', 'scheduled', 'shown', 'ended'] as const;
export type ContentState = (typeof CONTENT_STATES)[number];
const ScheduleOut = { startsAt: z.string().nullable(), endsAt: z.string().nullable(), state: z.enum(CONTENT_STATES) };

// --- notices ---------------------------------------------------------------------------------------------------------

export const NoticeInputSchema = z
  .object({
    /** B broadcast (marquee), PL player, PU popup notice, PR promotion, H home/holiday. */
    type: z.enum(NOTICE_TYPES),
    title: LocalisedTitleSchema,
    content: LocalisedPlainSchema,
    sort: Sort,
    active: z.boolean().default(true),
    ...ScheduleFields,
  })
  .strict()
  .refine(endsAfterStart, END_AFTER_START);
export type NoticeInput = z.input<typeof NoticeInputSchema>;
export const ConsoleNoticeSchema = z.object({
  id: z.string(),
  type: z.enum(NOTICE_TYPES),
  title: Localised,
  content: Localised,
  platform: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
  ...ScheduleOut,
});
export type ConsoleNotice = z.infer<typeof ConsoleNoticeSchema>;
export const ConsoleNoticeResponseSchema = envelope(ConsoleNoticeSchema);
export const ConsoleNoticeListResponseSchema = envelope(z.object({ list: z.array(ConsoleNoticeSchema) }));

// --- popups ----------------------------------------------------------------------------------------------------------

/** An image is a path on the brand's image hosts (`/…`) or an https address; empty for none. */
const OptionalImage = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^\/[^/\\]/.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v), 'content.imageFormat');

export const PopupInputSchema = z
  .object({
    /** A logged-in members, B anonymous visitors, F a member's first login. */
    execution: z.enum(POPUP_EXECUTIONS),
    title: LocalisedTitleSchema,
    content: LocalisedRichSchema,
    imageUrl: z.object({ EN: OptionalImage, BN: OptionalImage }).default({ EN: '', BN: '' }),
    sort: Sort,
    active: z.boolean().default(true),
    ...ScheduleFields,
  })
  .strict()
  .refine(endsAfterStart, END_AFTER_START);
export type PopupInput = z.input<typeof PopupInputSchema>;
export const ConsolePopupSchema = z.object({
  id: z.string(),
  execution: z.enum(POPUP_EXECUTIONS),
  title: Localised,
  content: Localised,
  imageUrl: Localised,
  sort: z.number().int(),
  active: z.boolean(),
  ...ScheduleOut,
});
export type ConsolePopup = z.infer<typeof ConsolePopupSchema>;
export const ConsolePopupResponseSchema = envelope(ConsolePopupSchema);
export const ConsolePopupListResponseSchema = envelope(z.object({ list: z.array(ConsolePopupSchema) }));

// --- announcements ---------------------------------------------------------------------------------------------------

export const AnnouncementInputSchema = z
  .object({
    title: LocalisedTitleSchema,
    content: LocalisedRichSchema,
    /** Free label the member site shows beside it (e.g. a promotion kind); may be empty. */
    promotionType: z.string().trim().max(40).default(''),
    /** ISO time; members see it from then on (a future time schedules it). */
    publishedAt: z.iso.datetime({ offset: true }),
  })
  .strict();
export type AnnouncementInput = z.input<typeof AnnouncementInputSchema>;
export const ConsoleAnnouncementSchema = z.object({
  id: z.string(),
  title: Localised,
  content: Localised,
  promotionType: z.string(),
  publishedAt: z.string(),
  /** Whether members can see it now (publishedAt has passed). */
  live: z.boolean(),
});
export type ConsoleAnnouncement = z.infer<typeof ConsoleAnnouncementSchema>;
export const ConsoleAnnouncementResponseSchema = envelope(ConsoleAnnouncementSchema);
export const ConsoleAnnouncementListResponseSchema = envelope(z.object({ list: z.array(ConsoleAnnouncementSchema) }));

// --- help articles ---------------------------------------------------------------------------------------------------

export const HELP_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const HelpSlugParamsSchema = z.object({ slug: z.string().regex(HELP_SLUG_PATTERN) });
export const HelpArticleInputSchema = z
  .object({
    /** The article's address in the help centre (`/help#slug`): lower-case letters, digits and dashes. */
    slug: z.string().trim().regex(HELP_SLUG_PATTERN, 'content.slugFormat'),
    category: z.enum(HELP_CATEGORIES),
    title: LocalisedTitleSchema,
    content: LocalisedRichSchema,
    sort: Sort,
    /** Unpublished articles stay in the console only. */
    active: z.boolean().default(true),
  })
  .strict();
export type HelpArticleInput = z.input<typeof HelpArticleInputSchema>;
export const ConsoleHelpArticleSchema = z.object({
  slug: z.string(),
  category: z.string(),
  title: Localised,
  content: Localised,
  sort: z.number().int(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type ConsoleHelpArticle = z.infer<typeof ConsoleHelpArticleSchema>;
export const ConsoleHelpArticleResponseSchema = envelope(ConsoleHelpArticleSchema);
export const ConsoleHelpArticleListResponseSchema = envelope(z.object({ list: z.array(ConsoleHelpArticleSchema) }));

export const ContentPreviewRequestSchema = z.object({ html: z.string().max(RICH_TEXT_MAX) }).strict();
export const ContentPreviewResponseSchema = envelope(z.object({ html: z.string() }));

// --- brand -----------------------------------------------------------------------------------------------------------

export const BrandFlagsInputSchema = z
  .object({
    flags: z.record(z.enum(WHITELABEL_FLAGS), z.boolean()),
    features: z.record(z.enum(FEATURE_FLAGS), z.boolean()),
  })
  .strict();
export type BrandFlagsInput = z.infer<typeof BrandFlagsInputSchema>;

export const BrandMaintenanceInputSchema = z
  .object({
    maintenance: z.boolean(),
    /** What the maintenance page tells visitors, per language; may be empty (the page's own text shows). */
    message: z.object({ EN: z.string().trim().max(500), BN: z.string().trim().max(500) }),
  })
  .strict();
export type BrandMaintenanceInput = z.infer<typeof BrandMaintenanceInputSchema>;

export const RegionRuleInputSchema = z
  .object({
    /** An IPv4 or IPv6 network, e.g. `203.0.113.0/24` (a bare address is one host). */
    cidr: z.string().trim().min(2).max(50),
    label: z.string().trim().min(1).max(100),
  })
  .strict();
export const RegionRuleParamsSchema = z.object({ ruleId: Id });
export const RegionRuleSchema = z.object({ id: z.string(), cidr: z.string(), label: z.string() });
export type RegionRule = z.infer<typeof RegionRuleSchema>;

export const RegistrationRuleSchema = z.object({
  field: z.enum(REGISTRATION_FIELDS),
  patternId: z.enum(PATTERN_IDS as [string, ...string[]]),
  minLength: z.number().int().min(0).max(255),
  maxLength: z.number().int().min(1).max(255),
  show: z.boolean(),
  required: z.boolean(),
});
export type RegistrationRule = z.infer<typeof RegistrationRuleSchema>;
export const RegistrationRulesInputSchema = z.object({ rules: z.array(RegistrationRuleSchema).min(1).max(50) }).strict();
export type RegistrationRulesInput = z.infer<typeof RegistrationRulesInputSchema>;

const Minor = z.string().regex(new RegExp(`^[1-9]\\d{0,${MAX_AMOUNT_DIGITS - 1}}$`));
export const DepositChannelParamsSchema = z.object({ channelId: Id });
export const DepositChannelInputSchema = z
  .object({
    name: z.string().trim().min(1).max(60),
    nameBn: z.string().trim().min(1).max(60),
    /** Minor units. */
    minAmount: Minor,
    maxAmount: Minor,
    sort: Sort,
    active: z.boolean(),
  })
  .strict();
export type DepositChannelInput = z.infer<typeof DepositChannelInputSchema>;
/**
 * A new deposit channel (decision 059): the edit form's fields plus its code (what members' deposit orders name,
 * fixed once made) and the payment gateway that takes its money: one of BrandSettings.gateways, checked by the server.
 */
export const DepositChannelCreateSchema = DepositChannelInputSchema.extend({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_]{1,32}$/),
  gateway: z.string().regex(/^[a-z0-9_-]{1,32}$/),
})
  .strict()
  // The limits the database also checks (deposit_channel_limits): refused here first, beside the field.
  .refine((c) => BigInt(c.minAmount) <= BigInt(c.maxAmount), { path: ['maxAmount'], message: 'brand.channels.limitsInvalid' });
export type DepositChannelCreate = z.infer<typeof DepositChannelCreateSchema>;
export const DepositChannelSchema = z.object({
  id: z.string(),
  code: z.string(),
  gateway: z.string(),
  name: z.string(),
  nameBn: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type DepositChannel = z.infer<typeof DepositChannelSchema>;

/** A host of the brand's images or game launches: a path on this server (`/cdn/img-a`) or an https origin. */
export const HostSchema = z
  .string()
  .trim()
  .max(200)
  .refine((v) => /^\/[a-z0-9][a-z0-9/_-]*$/i.test(v) || /^https:\/\/[a-z0-9.-]+(:\d{1,5})?(\/[a-z0-9/_-]*)?$/i.test(v), 'brand.hostFormat');
const DomainName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'brand.domainFormat');
export const BrandHostsInputSchema = z
  .object({
    mainDomain: DomainName,
    imageCdns: z.array(HostSchema).min(1).max(5),
    launchCdns: z.array(HostSchema).min(1).max(5),
    domains: z
      .array(
        DomainRouteSchema.extend({
          domain: DomainName,
          path: z
            .string()
            .trim()
            .max(100)
            .regex(/^(\/[\w./-]*)?$/, 'brand.pathFormat'),
        }),
      )
      .max(20),
  })
  .strict();
export type BrandHostsInput = z.infer<typeof BrandHostsInputSchema>;

export const BrandSettingsSchema = z.object({
  name: z.string(),
  merchantCode: z.string(),
  flags: z.record(z.enum(WHITELABEL_FLAGS), z.boolean()),
  features: z.record(z.enum(FEATURE_FLAGS), z.boolean()),
  maintenance: z.boolean(),
  maintenanceMessage: Localised,
  regions: z.array(RegionRuleSchema),
  registration: z.array(RegistrationRuleSchema),
  channels: z.array(DepositChannelSchema),
  /** Payment gateways this server takes money through: what a new channel may use (decision 059). */
  gateways: z.array(z.string()),
  mainDomain: z.string(),
  imageCdns: z.array(z.string()),
  launchCdns: z.array(z.string()),
  domains: z.array(DomainRouteSchema),
  /** The registration pattern catalogue: id → regular expression (the console shows it beside the choice). */
  patterns: z.record(z.string(), z.string()),
});
export type BrandSettings = z.infer<typeof BrandSettingsSchema>;
export const BrandSettingsResponseSchema = envelope(BrandSettingsSchema);

// --- games -----------------------------------------------------------------------------------------------------------

export const VendorParamsSchema = z.object({ vendorCode: z.string().regex(/^[A-Z0-9_]{1,40}$/) });
export const VendorInputSchema = z.object({ active: z.boolean(), maintenance: z.boolean() }).strict();
/** The brand's own switch for one vendor (decision 061). */
export const BrandVendorInputSchema = z.object({ enabled: z.boolean() }).strict();
export type BrandVendorInput = z.infer<typeof BrandVendorInputSchema>;
export const ConsoleVendorSchema = z.object({
  code: z.string(),
  displayName: z.string(),
  gameType: z.string(),
  walletMode: z.string(),
  active: z.boolean(),
  maintenance: z.boolean(),
  /**
   * The staff member's own brand offers this vendor on its site (decision 061). Separate from `active` and
   * `maintenance`, which are the platform's for every brand: a vendor is in the brand's lobby when both are on.
   */
  brandEnabled: z.boolean(),
  games: z.number().int(),
  activeGames: z.number().int(),
  hotGames: z.number().int(),
});
export type ConsoleVendor = z.infer<typeof ConsoleVendorSchema>;
export const ConsoleVendorResponseSchema = envelope(ConsoleVendorSchema);
export const ConsoleVendorListResponseSchema = envelope(z.object({ list: z.array(ConsoleVendorSchema) }));

export const ConsoleGamesQuerySchema = z.object({
  q: z.string().trim().max(60).optional(),
  vendor: z
    .string()
    .regex(/^[A-Z0-9_]{1,40}$/)
    .optional(),
  hot: z.enum(['true', 'false']).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ConsoleGameSchema = z.object({
  nodeId: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  nameEn: z.string(),
  nameBn: z.string(),
  gameType: z.string(),
  hot: z.boolean(),
  active: z.boolean(),
});
export type ConsoleGame = z.infer<typeof ConsoleGameSchema>;
export const ConsoleGamePageResponseSchema = envelope(
  z.object({ list: z.array(ConsoleGameSchema), total: z.number().int(), pageNo: z.number().int(), pageSize: z.number().int() }),
);
export const GameHotParamsSchema = z.object({ nodeId: z.string().regex(/^[\w-]{1,64}$/) });
export const GameHotInputSchema = z.object({ hot: z.boolean() }).strict();
export const ConsoleGameResponseSchema = envelope(ConsoleGameSchema);

export const JackpotInputSchema = z
  .object({
    /** Minor units: the counter starts between min and max and climbs by increments every interval. */
    min: Minor,
    max: Minor,
    incrementMin: Minor,
    incrementMax: Minor,
    intervalMinMs: z.number().int().min(500).max(600_000),
    intervalMaxMs: z.number().int().min(500).max(600_000),
  })
  .strict();
export type JackpotInput = z.infer<typeof JackpotInputSchema>;
export const JackpotSettingsResponseSchema = envelope(JackpotInputSchema.nullable());
