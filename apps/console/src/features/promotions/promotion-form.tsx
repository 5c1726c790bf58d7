import { PROMOTION_CATEGORIES } from '@playfront/contract/promotions-paths';
import { useMutation, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { useEffect } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { describe, FormRow } from '../../ui/form-row.tsx';
import { ErrorState, Loading } from '../../ui/states.tsx';
import { createPromotion, promotionDetail, updatePromotion } from './api.ts';
import {
  CONTRIBUTION_KEYS,
  emptyFormValues,
  type FieldErrors,
  type PromotionFormValues,
  toBody,
  toFormValues,
} from './promotion-form-model.ts';
import '../../ui/wide-form.css';

const THEMES = ['gold', 'emerald', 'ruby', 'sapphire', 'violet', 'slate'] as const;
const AUDIENCES = ['ALL', 'NEW_MEMBERS', 'VIP', 'AGENT_TEAM', 'FIRST_DEPOSIT'] as const;
const ENTRIES = ['AUTO', 'JOIN', 'APPLY', 'CLAIM'] as const;
const TRIGGERS = ['DEPOSIT', 'NONE', 'NET_LOSS'] as const;
const LIMIT_PERIODS = ['NONE', 'DAY', 'WEEK', 'MONTH'] as const;
const WAGERING_BASES = ['BONUS', 'DEPOSIT_AND_BONUS'] as const;

export type PromotionFormProps = { promotionId: number | null; onClose: () => void; onSaved: () => void };

/** Create or edit a promotion. The body is checked with the contract schema before it is sent (the server checks again). */
export function PromotionForm({ promotionId, onClose, onSaved }: PromotionFormProps) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['promotion', promotionId],
    queryFn: () => promotionDetail(promotionId as number),
    enabled: promotionId !== null,
    gcTime: 0,
  });
  const title = t(promotionId === null ? 'promo.createTitle' : 'promo.editTitle');
  return (
    <Dialog open title={title} onClose={onClose}>
      {promotionId !== null && detail.isLoading ? (
        <Loading />
      ) : promotionId !== null && detail.error ? (
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <PromotionFields
          promotionId={promotionId}
          initial={detail.data ? toFormValues(detail.data.body) : emptyFormValues(new Date(), 'BDT')}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
}

function PromotionFields({
  promotionId,
  initial,
  onClose,
  onSaved,
}: {
  promotionId: number | null;
  initial: PromotionFormValues;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<PromotionFormValues>({ defaultValues: initial });
  const save = useMutation({
    mutationFn: (v: PromotionFormValues) => {
      const made = toBody(v);
      if ('errors' in made) throw made.errors;
      return promotionId === null ? createPromotion(made.body) : updatePromotion(promotionId, made.body);
    },
    onSuccess: onSaved,
  });
  // Field problems, ours (checked against the contract) or the server's (`fields` of a VALIDATION refusal).
  const fieldErrors: FieldErrors = (() => {
    const e = save.error;
    if (!e) return {};
    if (e instanceof ApiError) {
      const fields = e.body?.fields ?? {};
      return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.key])) as FieldErrors;
    }
    return e as FieldErrors;
  })();
  const serverError = save.error instanceof ApiError ? save.error : null;
  const watched = form.watch(['rewardKind', 'audience']);
  useEffect(() => {
    if (Object.keys(fieldErrors).length > 0) document.querySelector<HTMLElement>('.promo-form [aria-invalid="true"]')?.focus();
  });
  const f = { form, errors: fieldErrors };
  return (
    <form className="promo-form wide-form" noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))}>
      <fieldset className="card">
        <legend>{t('promo.form.general')}</legend>
        <div className="row">
          <Text f={f} name="code" label={t('promo.code')} readOnly={promotionId !== null} hint={t('promo.form.codeHint')} />
          <Select f={f} name="category" label={t('promo.form.category')} options={PROMOTION_CATEGORIES} prefix="promo.categories" />
          <Select f={f} name="bannerTheme" label={t('promo.form.theme')} options={THEMES} prefix="promo.themes" />
          <Text f={f} name="sort" label={t('promo.form.sort')} type="number" width={90} />
        </div>
        <div className="two-col">
          {(['En', 'Bn'] as const).map((lang) => (
            <div key={lang} lang={lang.toLowerCase()}>
              <Text f={f} name={`title${lang}`} label={t(`promo.form.title${lang}`)} wide />
              <Text f={f} name={`summary${lang}`} label={t(`promo.form.summary${lang}`)} wide multiline />
              <Text f={f} name={`rules${lang}`} label={t(`promo.form.rules${lang}`)} wide multiline hint={t('promo.form.rulesHint')} />
            </div>
          ))}
        </div>
      </fieldset>

      <fieldset className="card">
        <legend>{t('promo.form.when')}</legend>
        <div className="row">
          <Text f={f} name="startsAt" label={t('promo.form.startsAt')} type="datetime-local" />
          <Text f={f} name="endsAt" label={t('promo.form.endsAt')} type="datetime-local" hint={t('promo.form.endsHint')} />
          <Select f={f} name="audience" label={t('promo.form.audience')} options={AUDIENCES} prefix="promo.audiences" />
          {watched[1] === 'VIP' && <Text f={f} name="audienceVipLevel" label={t('promo.form.vipLevel')} type="number" width={90} />}
          {watched[1] === 'AGENT_TEAM' && <Text f={f} name="audienceAgentId" label={t('promo.form.agentId')} type="number" width={120} />}
          {watched[1] === 'NEW_MEMBERS' && (
            <Text f={f} name="newMemberDays" label={t('promo.form.newMemberDays')} type="number" width={90} />
          )}
        </div>
        <fieldset className="row" style={{ border: 0, padding: 0, margin: '10px 0 0' }}>
          <legend className="muted" style={{ fontSize: '0.9rem' }}>
            {t('promo.form.weekdays')}
          </legend>
          {[0, 1, 2, 3, 4, 5, 6].map((d) => (
            <label key={d} className="check">
              <input type="checkbox" {...form.register(`weekdays.${d}`)} /> {t(`promo.days.${d}`)}
            </label>
          ))}
        </fieldset>
      </fieldset>

      <fieldset className="card">
        <legend>{t('promo.form.reward')}</legend>
        <div className="row">
          <Select f={f} name="entry" label={t('promo.entry')} options={ENTRIES} prefix="promo.entries" />
          <Select f={f} name="trigger" label={t('promo.form.trigger')} options={TRIGGERS} prefix="promo.triggers" />
          <Text f={f} name="minDeposit" label={t('promo.form.minDeposit')} inputMode="decimal" width={120} />
          <Select
            f={f}
            name="rewardKind"
            label={t('promo.form.rewardKind')}
            options={['FIXED', 'PERCENT'] as const}
            prefix="promo.rewardKinds"
          />
          {watched[0] === 'FIXED' ? (
            <Text f={f} name="rewardAmount" label={t('promo.form.rewardAmount')} inputMode="decimal" width={120} />
          ) : (
            <>
              <Text f={f} name="rewardPercent" label={t('promo.form.rewardPercent')} inputMode="decimal" width={90} />
              <Text
                f={f}
                name="rewardCap"
                label={t('promo.form.rewardCap')}
                inputMode="decimal"
                width={120}
                hint={t('promo.form.optional')}
              />
            </>
          )}
        </div>
        <div className="row" style={{ marginTop: 10 }}>
          <Text f={f} name="budget" label={t('promo.form.budget')} inputMode="decimal" width={140} />
          <Text f={f} name="currency" label={t('promo.form.currency')} width={80} />
          <Text f={f} name="limitPerMember" label={t('promo.form.limitPerMember')} type="number" width={90} />
          <Select f={f} name="limitPeriod" label={t('promo.form.limitPeriod')} options={LIMIT_PERIODS} prefix="promo.limitPeriods" />
        </div>
      </fieldset>

      <fieldset className="card">
        <legend>{t('promo.form.wagering')}</legend>
        <div className="row">
          <Select f={f} name="wageringBase" label={t('promo.form.wageringBase')} options={WAGERING_BASES} prefix="promo.wageringBases" />
          <Text f={f} name="wageringMultiplier" label={t('promo.form.multiplier')} inputMode="decimal" width={90} />
          <Text f={f} name="bonusValidDays" label={t('promo.form.validDays')} type="number" width={90} />
          <Text f={f} name="maxBet" label={t('promo.form.maxBet')} inputMode="decimal" width={120} hint={t('promo.form.optional')} />
          <Text
            f={f}
            name="maxCashout"
            label={t('promo.form.maxCashout')}
            inputMode="decimal"
            width={120}
            hint={t('promo.form.optional')}
          />
        </div>
        <fieldset className="row" style={{ border: 0, padding: 0, margin: '10px 0 0' }} aria-describedby="promo-contrib-hint">
          <legend className="muted" style={{ fontSize: '0.9rem' }}>
            {t('promo.form.contribution')}
          </legend>
          {CONTRIBUTION_KEYS.map((k) => (
            <FormRow key={k} id={`promo-contrib-${k}`} label={t(`promo.categoriesGame.${k}`)}>
              <input
                id={`promo-contrib-${k}`}
                type="number"
                min={0}
                max={100}
                style={{ width: 80 }}
                aria-invalid={Boolean(fieldErrors.contribution)}
                {...form.register(`contribution.${k}`)}
              />
            </FormRow>
          ))}
        </fieldset>
        <span id="promo-contrib-hint" className="muted" style={{ fontSize: '0.85rem' }}>
          {t('promo.form.contributionHint')}
        </span>
        {fieldErrors.contribution && (
          <div className="field">
            <span className="error">{t(fieldErrors.contribution)}</span>
          </div>
        )}
      </fieldset>

      {!serverError && Object.keys(fieldErrors).length > 0 && (
        <div className="alert error" role="alert">
          {t('promo.form.fixFields')}
        </div>
      )}
      <FormActions
        pending={save.isPending}
        error={serverError}
        onCancel={onClose}
        submitLabel={t(promotionId === null ? 'promo.create' : 'actions.save')}
      />
    </form>
  );
}

type FieldCtx = { form: UseFormReturn<PromotionFormValues>; errors: FieldErrors };
type Named = Exclude<keyof PromotionFormValues, 'weekdays' | 'contribution'>;

/**
 * A field's problem as a key FormRow translates: the server's `errors.*` keys live in the errors namespace (unknown
 * ones read as the generic error), the form's own keys in the console's.
 */
function errorKey(error: string | undefined): string | undefined {
  if (!error?.startsWith('errors.')) return error;
  const key = error.replace('.', ':');
  return i18next.exists(key) ? key : 'errors:unknown';
}

function Text({
  f,
  name,
  label,
  hint,
  type = 'text',
  width,
  wide,
  multiline,
  readOnly,
  inputMode,
}: {
  f: FieldCtx;
  name: Named;
  label: string;
  hint?: string;
  type?: string;
  width?: number;
  wide?: boolean;
  multiline?: boolean;
  readOnly?: boolean;
  inputMode?: 'decimal';
}) {
  const id = `promo-${name}`;
  const error = errorKey(f.errors[name]);
  const common = { ...describe(id, error, hint), readOnly, ...f.form.register(name) };
  return (
    <FormRow id={id} label={label} hint={hint} error={error}>
      {multiline ? (
        <textarea rows={3} {...common} />
      ) : (
        <input type={type} inputMode={inputMode} style={wide ? { width: '100%' } : width ? { width } : undefined} {...common} />
      )}
    </FormRow>
  );
}

function Select({
  f,
  name,
  label,
  options,
  prefix,
}: {
  f: FieldCtx;
  name: Named;
  label: string;
  options: readonly string[];
  prefix: string;
}) {
  const { t } = useTranslation();
  const id = `promo-${name}`;
  const error = errorKey(f.errors[name]);
  return (
    <FormRow id={id} label={label} error={error}>
      <select {...describe(id, error)} {...f.form.register(name)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`${prefix}.${o}`)}
          </option>
        ))}
      </select>
    </FormRow>
  );
}
