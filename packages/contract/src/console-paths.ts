/**
 * The operator console API (issue 17), zod-free so the console SPA's first bundle can import paths, roles,
 * permissions and limits without the schemas (console.ts re-exports this and adds them).
 *
 * Staff are not members: a staff session is an opaque token sent in the `x-staff-session` header (the SPA keeps it
 * in session storage), never a cookie, so the console API has no CSRF surface (decision 040).
 * Every route but `auth/login`, `auth/enrol/*` and `auth/second-factor` needs a session whose second factor passed.
 */
export const STAFF_SESSION_HEADER = 'x-staff-session';
/** Session-storage key the console SPA keeps the staff session token under. */
export const STAFF_SESSION_STORAGE_KEY = 'playfront.console.session';

export const CONSOLE_API_PREFIX = '/console/api';

export const CONSOLE_PATHS = {
  // --- auth -------------------------------------------------------------------------------------------------------
  /** POST { username, password } → LoginStep: `ENROL` (with an enrolment token) or `SECOND_FACTOR` (with a session). */
  login: '/console/api/auth/login',
  /** GET ?token: what an enrolment link is for (username, whether a password must be set). Public. */
  enrolInfo: '/console/api/auth/enrol',
  /**
   * POST { token, password? } → a fresh TOTP secret, its otpauth URI (for the QR) and the recovery codes, shown once.
   * `password` is required when the account has none yet (first enrolment from `staff create`).
   */
  enrolStart: '/console/api/auth/enrol/start',
  /** POST { token, code } → a signed-in session (second factor passed). The enrolment token is spent. */
  enrolConfirm: '/console/api/auth/enrol/confirm',
  /** POST { code } or { recoveryCode } with the session header from login → the session's second factor is passed. */
  secondFactor: '/console/api/auth/second-factor',
  /** GET → the staff member, role, permissions and session expiry. */
  me: '/console/api/auth/me',
  /** POST → the session ends. */
  logout: '/console/api/auth/logout',

  // --- dashboard --------------------------------------------------------------------------------------------------
  /** GET ?from&to (yyyy-MM-dd, brand timezone; default today) → today's and the period's figures + a daily series. */
  dashboard: '/console/api/dashboard',

  // --- members ----------------------------------------------------------------------------------------------------
  /** GET ?q&by=username|mobile|id|ip&pageNo&pageSize */
  members: '/console/api/members',
  /** GET (the members query, paging ignored) → text/csv, at most CSV_MAX_ROWS rows. */
  membersCsv: '/console/api/members.csv',
  /** GET → profile, balances, recent ledger entries, bets, deposits, withdrawals, sessions, flags. */
  member: '/console/api/members/:memberId',
  /** POST { reason } */
  memberLock: '/console/api/members/:memberId/lock',
  /** POST { reason } */
  memberUnlock: '/console/api/members/:memberId/unlock',
  /** POST { reason } → every session of the member ends (on every instance). */
  memberForceLogout: '/console/api/members/:memberId/force-logout',
  /** POST { channel: SMS|EMAIL, reason } → a reset code goes out through the outbox. */
  memberResetPassword: '/console/api/members/:memberId/reset-password',
  /**
   * POST { direction: CREDIT|DEBIT, amount, reason, idempotencyKey } → applied at once when at or under the
   * threshold, otherwise a PENDING adjustment that a different staff member approves.
   */
  memberAdjust: '/console/api/members/:memberId/adjustments',

  // --- manual adjustments (two-person rule) -----------------------------------------------------------------------
  /** GET ?status=PENDING|APPLIED|REJECTED&pageNo&pageSize */
  adjustments: '/console/api/adjustments',
  /** POST → a second, different staff member approves; the transfer posts. */
  adjustmentApprove: '/console/api/adjustments/:adjustmentId/approve',
  /** POST { reason } */
  adjustmentReject: '/console/api/adjustments/:adjustmentId/reject',

  // --- payments ---------------------------------------------------------------------------------------------------
  /** GET ?status=PENDING|APPROVED|REJECTED&pageNo&pageSize → the queue with each member's 30-day risk figures. */
  withdrawals: '/console/api/withdrawals',
  /** GET (the queue's query, paging ignored) → text/csv, at most CSV_MAX_ROWS rows. */
  withdrawalsCsv: '/console/api/withdrawals.csv',
  /**
   * POST → approves (pays out). Above the threshold the first approval only records itself (`AWAITING_SECOND`) and
   * a second, different staff member's approval pays out.
   */
  withdrawalApprove: '/console/api/withdrawals/:orderNo/approve',
  /** POST { reason } → rejected, the held amount goes back to the member. */
  withdrawalReject: '/console/api/withdrawals/:orderNo/reject',

  // --- content ----------------------------------------------------------------------------------------------------
  /** GET ?group → banners of the brand; POST BannerInput → created. */
  banners: '/console/api/banners',
  /** PUT BannerInput → updated; DELETE → removed. */
  banner: '/console/api/banners/:bannerId',
  /** GET → notices of the brand; POST NoticeInput → created (lane D: schemas in console-content.ts). */
  notices: '/console/api/notices',
  /** PUT NoticeInput → updated; DELETE → removed. */
  notice: '/console/api/notices/:itemId',
  /** GET / POST PopupInput (executions A, B, F; rich text sanitised on the server). */
  popups: '/console/api/popups',
  /** PUT PopupInput; DELETE. */
  popup: '/console/api/popups/:itemId',
  /** GET / POST AnnouncementInput (publishedAt in the future = scheduled). */
  announcements: '/console/api/announcements',
  /** PUT AnnouncementInput; DELETE. */
  announcement: '/console/api/announcements/:itemId',
  /** GET / POST HelpArticleInput (one slug, an EN and a BN row). */
  helpArticles: '/console/api/help-articles',
  /** PUT HelpArticleInput; DELETE (both languages). */
  helpArticle: '/console/api/help-articles/:slug',
  /** POST { html } → the HTML as the server would store it (sanitised): the preview shows what members will see. */
  contentPreview: '/console/api/content/preview',

  // --- brand (lane D) ---------------------------------------------------------------------------------------------
  /** GET → flags, maintenance, regions, registration rules, deposit channels, domains and hosts of the brand. */
  brandSettings: '/console/api/brand',
  /** PUT { flags, features } (every whitelabel and feature flag). */
  brandFlags: '/console/api/brand/flags',
  /** PUT { maintenance, message: { EN, BN } }. */
  brandMaintenance: '/console/api/brand/maintenance',
  /** POST { cidr, label } → a region rule: its visitors get the region-restricted status. */
  brandRegions: '/console/api/brand/regions',
  /** DELETE → the region rule is removed. */
  brandRegion: '/console/api/brand/regions/:ruleId',
  /** PUT { rules } → every registration field's rule (shown, required, pattern, lengths). */
  brandRegistration: '/console/api/brand/registration',
  /** POST DepositChannelCreate → a new payment channel (code, gateway, names, limits; decision 059). */
  brandChannels: '/console/api/brand/channels',
  /** PUT DepositChannelInput → a payment channel's names, limits, order, on/off. */
  brandChannel: '/console/api/brand/channels/:channelId',
  /** PUT { mainDomain, imageCdns, launchCdns, domains }. */
  brandHosts: '/console/api/brand/hosts',
  /** GET → the brand's OpenID Connect sign-in providers (never a secret); POST SocialProviderCreate (decision 058). */
  brandSocialProviders: '/console/api/brand/social-providers',
  /** PUT SocialProviderSettings: no clientSecret keeps the stored one. */
  brandSocialProvider: '/console/api/brand/social-providers/:slug',

  // --- games (lane D) ---------------------------------------------------------------------------------------------
  /** GET → every vendor with its game counts, on/off and maintenance. */
  vendors: '/console/api/vendors',
  /** PUT { active, maintenance } */
  vendor: '/console/api/vendors/:vendorCode',
  /** PUT { enabled } → the staff member's brand offers the vendor on its own site, or not (decision 061). */
  brandVendor: '/console/api/vendors/:vendorCode/brand',
  /** POST CatalogueImportBody (CSV or JSON) → the validation report; applied unless a dry run or a row is bad. */
  catalogueImport: '/console/api/games/import',
  /** GET ?q&vendor&hot&pageNo&pageSize → games, for the hot-games editor. */
  games: '/console/api/games',
  /** PUT { hot } */
  gameHot: '/console/api/games/:nodeId/hot',
  /** GET → the jackpot counter's settings; PUT JackpotInput. */
  jackpot: '/console/api/jackpot',

  // --- staff ------------------------------------------------------------------------------------------------------
  /** GET → staff of the brand; POST { username, role } → created, with a one-time enrolment link. */
  staff: '/console/api/staff',
  /** PUT { role } */
  staffRole: '/console/api/staff/:staffId/role',
  /** POST { reason } → disabled, sessions ended. */
  staffDisable: '/console/api/staff/:staffId/disable',
  /** POST → a fresh enrolment link (re-enrol TOTP, e.g. a lost phone); existing sessions end. */
  staffReenrol: '/console/api/staff/:staffId/enrolment',

  // --- audit ------------------------------------------------------------------------------------------------------
  /** GET ?staffId&action&targetType&targetId&from&to&pageNo&pageSize */
  audit: '/console/api/audit',
  /** GET (same query) → text/csv, at most AUDIT_CSV_MAX_ROWS rows. */
  auditCsv: '/console/api/audit.csv',
} as const;

export type ConsolePathKey = keyof typeof CONSOLE_PATHS;

/** Fill `:name` placeholders of a console path. */
export function consolePath(key: ConsolePathKey, params: Record<string, string | number> = {}): string {
  return CONSOLE_PATHS[key].replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`consolePath(${key}): missing ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Operator-key route (machine automation, e.g. the e2e setup; `npm run ops -- staff create` calls it too):
 * POST StaffCreateRequest with `x-operator-key` → StaffEnrolmentLink. Creates a staff member of the brand the
 * `Merchant` header names and returns a one-time enrolment link.
 */
export const OPS_STAFF_PATH = '/ops/staff';

/** Sort columns the list calls accept (`sort=<column>&order=asc|desc`). */
export const MEMBER_SORTS = ['username', 'createdAt', 'lastLoginAt'] as const;
export const WITHDRAWAL_SORTS = ['createdAt', 'amount'] as const;
export const AUDIT_SORTS = ['at'] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;

/** The SPA page an enrolment link opens: `/console/enrol?token=…`. */
export const CONSOLE_ENROL_PAGE = '/console/enrol';

// --- roles and permissions --------------------------------------------------------------------------------------

export const STAFF_ROLES = ['owner', 'admin', 'finance', 'risk', 'support', 'content', 'read-only'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  'dashboard.read',
  'reports.read',
  'members.read',
  'members.write',
  'members.adjust',
  'adjustments.approve',
  'payments.read',
  'payments.approve',
  'content.read',
  'content.write',
  // Brand settings and the game catalogue (lane D).
  'brand.read',
  'brand.write',
  'games.read',
  'games.write',
  'staff.read',
  'staff.manage',
  'audit.read',
  // Promotions and bonus oversight; VIP, points, missions, rebates configuration (lane E).
  'promotions.read',
  'promotions.write',
  'loyalty.read',
  'loyalty.write',
  // Manual deposit credit with proof; brand thresholds; operator API keys (lane C, decision 045).
  'payments.credit',
  'settings.manage',
  'keys.manage',
  // Agents and contracts, lottery oversight, the support desk (lane H, decision 050).
  'agents.read',
  'agents.manage',
  'lottery.read',
  'lottery.manage',
  'support.desk',
  // Identity checks, risk flags, withdrawal and turnover rules (lane B, decision 044).
  'kyc.review',
  'risk.review',
  'risk.rules',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** The one table of who may do what. The server checks it on every console route; the SPA only hides what it refuses. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  owner: STAFF_PERMISSIONS,
  // Operator API keys open the machine API: owners only.
  admin: STAFF_PERMISSIONS.filter((p) => p !== 'keys.manage'),
  finance: [
    'dashboard.read',
    'reports.read',
    'members.read',
    'members.adjust',
    'adjustments.approve',
    'payments.read',
    'payments.approve',
    'payments.credit',
    'audit.read',
    'agents.read',
    'lottery.read',
    // Bonus grants and their wagering are money owed: finance reads them beside the payments they gate.
    'promotions.read',
  ],
  risk: [
    'dashboard.read',
    'reports.read',
    'members.read',
    'members.write',
    'payments.read',
    'audit.read',
    'agents.read',
    'lottery.read',
    'kyc.review',
    'risk.review',
    // Bonus hunting is a risk pattern: risk reads the promotions and grants it shows up in.
    'promotions.read',
  ],
  support: ['dashboard.read', 'members.read', 'members.write', 'support.desk'],
  content: ['dashboard.read', 'content.read', 'content.write'],
  'read-only': [
    'dashboard.read',
    'reports.read',
    'members.read',
    'payments.read',
    'content.read',
    'brand.read',
    'games.read',
    'staff.read',
    'audit.read',
    'promotions.read',
    'loyalty.read',
    'agents.read',
    'lottery.read',
  ],
};

export function roleCan(role: StaffRole, permission: StaffPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export const STAFF_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** Session lifetimes: ends after this long without a call, and this long after login whatever happens. */
export const STAFF_SESSION_IDLE_MINUTES = 30;
export const STAFF_SESSION_ABSOLUTE_HOURS = 12;
/** An enrolment link is single use and expires. */
export const STAFF_ENROLMENT_TTL_HOURS = 24;
export const STAFF_RECOVERY_CODE_COUNT = 10;
export const STAFF_USERNAME_PATTERN = /^[a-z][a-z0-9._-]{2,31}$/;
export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 128;

/** Thresholds (minor units) above which the two-person rule applies. */
export const ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR = 1_000_000n; // ৳10,000.00
export const WITHDRAWAL_SECOND_APPROVAL_ABOVE_MINOR = 5_000_000n; // ৳50,000.00

export const MEMBER_SEARCH_BY = ['username', 'mobile', 'id', 'ip'] as const;
export type MemberSearchBy = (typeof MEMBER_SEARCH_BY)[number];

export const ADJUSTMENT_DIRECTIONS = ['CREDIT', 'DEBIT'] as const;
export const ADJUSTMENT_STATUSES = ['PENDING', 'APPLIED', 'REJECTED'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

export const BANNER_GROUPS = ['w_home', 'w_login', 'w_register', 'w_leftmenu'] as const;
export type BannerGroup = (typeof BANNER_GROUPS)[number];
export const BANNER_LINKAGE_TYPES = ['NONE', 'URL', 'GAME', 'PROMOTION'] as const;

/** Every action the audit log records (`staff_audit.action`). */
export const AUDIT_ACTIONS = [
  'staff.login',
  'staff.login_failed',
  'staff.second_factor',
  'staff.enrol',
  'staff.logout',
  'staff.create',
  'staff.role',
  'staff.disable',
  'staff.reenrol',
  'member.lock',
  'member.unlock',
  'member.force_logout',
  'member.reset_password',
  'adjustment.request',
  'adjustment.approve',
  'adjustment.reject',
  'withdrawal.approve_first',
  'withdrawal.approve',
  'withdrawal.reject',
  'banner.create',
  'banner.update',
  'banner.delete',
  // lane D: content, brand, games
  'notice.create',
  'notice.update',
  'notice.delete',
  'popup.create',
  'popup.update',
  'popup.delete',
  'announcement.create',
  'announcement.update',
  'announcement.delete',
  'help.create',
  'help.update',
  'help.delete',
  'brand.flags',
  'brand.maintenance',
  'brand.region_add',
  'brand.region_delete',
  'brand.registration',
  'brand.channel',
  'brand.channel_create',
  'brand.hosts',
  'social_provider.create',
  'social_provider.update',
  'vendor.update',
  'vendor.brand_switch',
  'catalogue.import',
  'game.hot',
  'jackpot.update',
  'promotion.create',
  'promotion.update',
  'promotion.status',
  'promotion.approve',
  'promotion.reject',
  'vip.level',
  'points.config',
  'points.reward',
  'points.reward_create',
  'mission.create',
  'mission.update',
  'rain.create',
  'rain.update',
  'referral.settings',
  'rebate.settings',
  'member.note',
  'manual_deposit.request',
  'manual_deposit.approve',
  'manual_deposit.reject',
  'settings.thresholds',
  'operator_key.create',
  'operator_key.rotate',
  'operator_key.revoke',
  'agent_contract.offer',
  'agent_contract.terminate',
  'lottery.game_enable',
  'lottery.game_disable',
  'lottery.draw_void',
  'lottery.odds_change',
  'support_chat.claim',
  'support_chat.reply',
  'support_chat.close',
  'feedback.reply',
  'feedback.close',
  // lane B: identity checks and risk
  'kyc.approve',
  'kyc.reject',
  'risk_flag.review',
  'risk.rules',
  'risk.locations',
  // lane 5: prize wheel, golden eggs, raffles (decision 060)
  'lucky.game',
  'raffle.create',
  'raffle.update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGET_TYPES = [
  'staff',
  'member',
  'adjustment',
  'withdrawal',
  'banner',
  'promotion',
  'participation',
  'vip_level',
  'points_config',
  'points_reward',
  'mission',
  'envelope_rain',
  'referral_settings',
  'rebate_settings',
  'manual_deposit',
  'brand',
  'operator_key',
  'notice',
  'popup',
  'announcement',
  'help_article',
  'region_rule',
  'deposit_channel',
  'vendor',
  'game',
  'catalogue',
  'jackpot',
  'agent_contract',
  'lottery_game',
  'lottery_draw',
  'support_chat',
  'feedback',
  'kyc_submission',
  'risk_flag',
  'social_provider',
  'lucky_game',
  'raffle',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
export const AUDIT_CSV_MAX_ROWS = 50_000;
/** Rows of the members and withdrawals CSV exports. */
export const CSV_MAX_ROWS = 10_000;
