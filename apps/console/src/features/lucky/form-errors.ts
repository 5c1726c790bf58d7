import { ApiError } from '../../lib/api.ts';

/** The messages the contract's refinements give (console-lucky.ts): each has its own sentence. */
const REFINED = new Set(['duplicate', 'noneIsZero', 'positive', 'required', 'onlyBonus', 'belowAmount']);

/** A field's translation key by the last part of its path, for the schema's own (developer-English) messages. */
const BY_FIELD: Record<string, string> = {
  weight: 'lucky.errors.weight',
  labelEn: 'lucky.errors.label',
  labelBn: 'lucky.errors.label',
  titleEn: 'lucky.errors.title',
  titleBn: 'lucky.errors.title',
  amount: 'lucky.errors.money',
  budget: 'lucky.errors.money',
  depositPerTicket: 'lucky.errors.money',
  validBetPerTicket: 'lucky.errors.money',
  depositPerEntry: 'lucky.errors.money',
  validBetPerEntry: 'lucky.errors.money',
  stock: 'lucky.errors.stock',
  welcomeTickets: 'lucky.errors.welcome',
  eggCount: 'lucky.errors.eggCount',
  promotionId: 'lucky.errors.promotion',
  startsAt: 'lucky.errors.time',
  endsAt: 'lucky.errors.endsAt',
  prizes: 'lucky.errors.prizeCount',
};

type Issue = { path: readonly PropertyKey[]; message: string; code?: string };

/** One translated message per field (dotted path → i18n key), the first issue of a field winning. */
export function fieldErrors(issues: readonly Issue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    const last = String(issue.path.at(-1) ?? '');
    let key: string;
    if (REFINED.has(issue.message)) key = `lucky.errors.${issue.message}`;
    else if (issue.code === 'custom' && last === 'depositPerEntry') key = 'lucky.errors.entryRate';
    else if (issue.code === 'custom' && last === 'endsAt') key = 'lucky.errors.endsAt';
    else key = BY_FIELD[last] ?? 'lucky.errors.invalid';
    out[path] ??= key;
  }
  return out;
}

/** The server's refusal of fields (VALIDATION with `fields`), in the same keys; {} for any other failure. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION') return {};
  const fields = (error.body as { fields?: Record<string, unknown> } | undefined)?.fields ?? {};
  return fieldErrors(Object.keys(fields).map((name) => ({ path: name.split('.'), message: '' })));
}

/** The aria attributes of an input that may carry an error shown under it (`${id}-error`). */
export function described(id: string, error: string | undefined) {
  return { id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${id}-error` : undefined };
}
