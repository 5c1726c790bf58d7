import { PromotionBodySchema } from '@playfront/contract/console-loyalty';
import { GAME_CATEGORIES } from '@playfront/contract/constants';
import type { OpsPromotionBody } from '@playfront/contract/promotions';
import type { z } from 'zod';
import { bpsToPercent, wholeNumber as int, majorToMinor, minorToMajor, percentToBps } from '../../lib/units.ts';

/**
 * The promotion form's values (what the inputs hold: amounts in taka with up to two decimals, percentages, local
 * date-times) and their conversion to and from the contract body. The body is then checked with the contract's
 * PromotionBodySchema, the same schema the server validates with, and its problems become field messages.
 */
export type PromotionFormValues = {
  code: string;
  category: OpsPromotionBody['category'];
  titleEn: string;
  titleBn: string;
  summaryEn: string;
  summaryBn: string;
  rulesEn: string;
  rulesBn: string;
  bannerTheme: OpsPromotionBody['bannerTheme'];
  startsAt: string;
  endsAt: string;
  audience: OpsPromotionBody['audience'];
  audienceVipLevel: string;
  audienceAgentId: string;
  newMemberDays: string;
  /** Sunday first; none ticked means every day. */
  weekdays: boolean[];
  entry: OpsPromotionBody['entry'];
  trigger: OpsPromotionBody['trigger'];
  minDeposit: string;
  rewardKind: OpsPromotionBody['rewardKind'];
  rewardAmount: string;
  rewardPercent: string;
  rewardCap: string;
  wageringBase: OpsPromotionBody['wageringBase'];
  wageringMultiplier: string;
  contribution: Record<string, string>;
  maxBet: string;
  maxCashout: string;
  bonusValidDays: string;
  limitPerMember: string;
  limitPeriod: OpsPromotionBody['limitPeriod'];
  budget: string;
  currency: string;
  sort: string;
};

export type FieldErrors = Partial<Record<keyof PromotionFormValues | 'contribution', string>>;

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO instant as the value of a datetime-local input (the staff member's own time zone). */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** A datetime-local value (local time) as an ISO instant; null when empty or not a date. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export const CONTRIBUTION_KEYS = GAME_CATEGORIES;

export function emptyFormValues(now: Date, currency: string): PromotionFormValues {
  return {
    code: '',
    category: 'EVENT',
    titleEn: '',
    titleBn: '',
    summaryEn: '',
    summaryBn: '',
    rulesEn: '',
    rulesBn: '',
    bannerTheme: 'gold',
    startsAt: isoToLocalInput(now.toISOString()),
    endsAt: '',
    audience: 'ALL',
    audienceVipLevel: '0',
    audienceAgentId: '',
    newMemberDays: '30',
    weekdays: [false, false, false, false, false, false, false],
    entry: 'JOIN',
    trigger: 'DEPOSIT',
    minDeposit: '0',
    rewardKind: 'FIXED',
    rewardAmount: '0',
    rewardPercent: '0',
    rewardCap: '',
    wageringBase: 'BONUS',
    wageringMultiplier: '1',
    contribution: Object.fromEntries(CONTRIBUTION_KEYS.map((k) => [k, '100'])),
    maxBet: '',
    maxCashout: '',
    bonusValidDays: '7',
    limitPerMember: '1',
    limitPeriod: 'NONE',
    budget: '',
    currency,
    sort: '0',
  };
}

export function toFormValues(body: z.input<typeof PromotionBodySchema>): PromotionFormValues {
  const days = body.weekdays ?? null;
  return {
    code: body.code,
    category: body.category,
    titleEn: body.title.en,
    titleBn: body.title.bn,
    summaryEn: body.summary.en,
    summaryBn: body.summary.bn,
    rulesEn: body.rulesHtml.en,
    rulesBn: body.rulesHtml.bn,
    bannerTheme: body.bannerTheme ?? 'gold',
    startsAt: isoToLocalInput(body.startsAt),
    endsAt: isoToLocalInput(body.endsAt),
    audience: body.audience,
    audienceVipLevel: String(body.audienceVipLevel ?? 0),
    audienceAgentId: body.audienceAgentId ? String(body.audienceAgentId) : '',
    newMemberDays: String(body.newMemberDays ?? 30),
    weekdays: [0, 1, 2, 3, 4, 5, 6].map((d) => Boolean(days?.includes(d))),
    entry: body.entry,
    trigger: body.trigger,
    minDeposit: minorToMajor(body.minDeposit ?? '0'),
    rewardKind: body.rewardKind,
    rewardAmount: minorToMajor(body.rewardAmount ?? '0'),
    rewardPercent: bpsToPercent(body.rewardBps ?? 0),
    rewardCap: minorToMajor(body.rewardCap ?? null),
    wageringBase: body.wageringBase,
    wageringMultiplier: body.wageringMultiplier.replace(/\.0+$/, '').replace(/(\.\d)0$/, '$1'),
    contribution: Object.fromEntries(CONTRIBUTION_KEYS.map((k) => [k, String(body.contribution[k] ?? 0)])),
    maxBet: minorToMajor(body.maxBet ?? null),
    maxCashout: minorToMajor(body.maxCashout ?? null),
    bonusValidDays: String(body.bonusValidDays),
    limitPerMember: String(body.limitPerMember ?? 1),
    limitPeriod: body.limitPeriod ?? 'NONE',
    budget: minorToMajor(body.budget),
    currency: body.currency,
    sort: String(body.sort ?? 0),
  };
}

/**
 * The body the form's values make, checked with the contract schema. Returns the body, or field errors as console
 * catalogue keys (`promo.form.*`).
 */
export function toBody(v: PromotionFormValues): { body: OpsPromotionBody } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const amount = (field: keyof PromotionFormValues, text: string, optional = false): string | null => {
    if (optional && text.trim() === '') return null;
    const minor = majorToMinor(text);
    if (minor === null) errors[field] = 'promo.form.amountFormat';
    return minor;
  };
  const minDeposit = amount('minDeposit', v.minDeposit);
  const rewardAmount = amount('rewardAmount', v.rewardAmount);
  const rewardCap = amount('rewardCap', v.rewardCap, true);
  const maxBet = amount('maxBet', v.maxBet, true);
  const maxCashout = amount('maxCashout', v.maxCashout, true);
  const budget = amount('budget', v.budget);
  const rewardBps = percentToBps(v.rewardPercent);
  if (rewardBps === null) errors.rewardPercent = 'promo.form.percentFormat';
  const startsAt = localInputToIso(v.startsAt);
  if (!startsAt) errors.startsAt = 'promo.form.dateRequired';
  const endsAt = localInputToIso(v.endsAt);
  const days = v.weekdays.flatMap((on, d) => (on ? [d] : []));
  const contribution: Record<string, number> = {};
  for (const k of CONTRIBUTION_KEYS) {
    const n = int(v.contribution[k] ?? '0');
    if (!Number.isInteger(n) || n < 0 || n > 100) errors.contribution = 'promo.form.contributionFormat';
    contribution[k] = n;
  }
  if (Object.keys(errors).length > 0) return { errors };
  const candidate = {
    code: v.code.trim(),
    category: v.category,
    title: { en: v.titleEn, bn: v.titleBn },
    summary: { en: v.summaryEn, bn: v.summaryBn },
    rulesHtml: { en: v.rulesEn, bn: v.rulesBn },
    bannerTheme: v.bannerTheme,
    startsAt,
    endsAt,
    audience: v.audience,
    audienceVipLevel: int(v.audienceVipLevel),
    audienceAgentId: v.audienceAgentId.trim() === '' ? null : int(v.audienceAgentId),
    newMemberDays: int(v.newMemberDays),
    weekdays: days.length === 0 || days.length === 7 ? null : days,
    entry: v.entry,
    trigger: v.trigger,
    minDeposit,
    rewardKind: v.rewardKind,
    rewardAmount,
    rewardBps,
    rewardCap,
    wageringBase: v.wageringBase,
    wageringMultiplier: v.wageringMultiplier.trim(),
    contribution,
    maxBet,
    maxCashout,
    bonusValidDays: int(v.bonusValidDays),
    limitPerMember: int(v.limitPerMember),
    limitPeriod: v.limitPeriod,
    budget,
    currency: v.currency.trim().toUpperCase(),
    sort: int(v.sort),
  };
  const parsed = PromotionBodySchema.safeParse(candidate);
  if (parsed.success) return { body: parsed.data };
  for (const issue of parsed.error.issues) {
    const [head, sub] = issue.path.map(String);
    const field = fieldOf(head ?? '', sub);
    errors[field] ??= MESSAGE_OF[head ?? ''] ?? 'promo.form.invalid';
  }
  return { errors };
}

/** The cross-field rules of the contract schema, with a message that says which rule. */
const MESSAGE_OF: Record<string, string> = {
  endsAt: 'promo.form.endsAfterStart',
  rewardKind: 'promo.form.percentNeedsTrigger',
  entry: 'promo.form.autoNeedsDeposit',
  code: 'promo.form.codeFormat',
  title: 'promo.form.textRequired',
  summary: 'promo.form.textRequired',
  wageringMultiplier: 'promo.form.multiplierFormat',
  currency: 'promo.form.currencyFormat',
};

function fieldOf(head: string, sub: string | undefined): keyof FieldErrors {
  if (head === 'title' || head === 'summary') return `${head}${sub === 'bn' ? 'Bn' : 'En'}` as keyof FieldErrors;
  if (head === 'rulesHtml') return sub === 'bn' ? 'rulesBn' : 'rulesEn';
  if (head === 'rewardBps') return 'rewardPercent';
  if (head === 'weekdays') return 'weekdays';
  return head as keyof FieldErrors;
}
