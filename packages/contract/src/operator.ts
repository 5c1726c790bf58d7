import { z } from 'zod';
import { FEATURE_FLAGS, WHITELABEL_FLAGS } from './constants.ts';
import { envelope } from './envelope.ts';
import { WhitelabelSchema } from './system.ts';

/**
 * The operator API for brand settings (maintenance, flags, region rules).
 * Authenticated by the `x-operator-key` header; used by `npm run ops` and the
 * end-to-end tests. Not called by the web.
 */
export const OPERATOR_KEY_HEADER = 'x-operator-key';

export const OPS_PATHS = {
  brand: '/ops/brand',
  flag: '/ops/brand/flags/:code',
  maintenance: '/ops/brand/maintenance',
  regionRules: '/ops/brand/region-rules',
  regionRule: '/ops/brand/region-rules/:id',
  /** POST: a new one-time initial password for a member (shown once), e.g. for an account made for someone. */
  initialPassword: '/ops/members/:username/initial-password',
} as const;

export const BrandFlagCodeSchema = z.enum([...WHITELABEL_FLAGS, ...FEATURE_FLAGS]);
export type BrandFlagCode = z.infer<typeof BrandFlagCodeSchema>;

export const RegionRuleSchema = z.object({
  id: z.number().int(),
  /** Canonical network form, e.g. `203.0.113.0/24`. */
  cidr: z.string(),
  label: z.string(),
});
export type RegionRule = z.infer<typeof RegionRuleSchema>;

export const OpsBrandSchema = z.object({
  id: z.number().int(),
  merchantCode: z.string(),
  name: z.string(),
  maintenance: z.boolean(),
  whitelabel: WhitelabelSchema,
  regionRules: z.array(RegionRuleSchema),
  updatedAt: z.string(),
});
export type OpsBrand = z.infer<typeof OpsBrandSchema>;
export const OpsBrandResponseSchema = envelope(OpsBrandSchema);

export const OpsFlagParamsSchema = z.object({ code: BrandFlagCodeSchema });
export const OpsFlagBodySchema = z.object({ enabled: z.boolean() });
export const OpsMaintenanceBodySchema = z.object({ maintenance: z.boolean() });

export const OpsRegionRuleBodySchema = z.object({
  /** IPv4 or IPv6 network; host bits must be zero (`203.0.113.0/24`, not `203.0.113.7/24`). */
  cidr: z.union([z.cidrv4(), z.cidrv6()]),
  label: z.string().trim().min(1).max(100),
});
export const OpsRegionRuleParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const OpsRegionRuleResponseSchema = envelope(RegionRuleSchema);
export const OpsRegionRulesResponseSchema = envelope(z.array(RegionRuleSchema));
export const OpsMemberParamsSchema = z.object({ username: z.string().min(1).max(64) });
/** The initial password in clear, this once; it works for one login before `expiresAt`. */
export const OpsInitialPasswordResponseSchema = envelope(z.object({ username: z.string(), password: z.string(), expiresAt: z.string() }));
