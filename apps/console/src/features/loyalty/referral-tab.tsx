import { type ConsoleReferral, ReferralSettingsBodySchema } from '@playfront/contract/console-loyalty';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { majorToMinor, minorToMajor } from '../../lib/units.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { CheckRow, invalidFields, TextInput } from '../../ui/form-row.tsx';
import { ErrorState, Loading } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import { INVALID, referral, saveReferral } from './api.ts';

/** The referral reward rule (decision 049): what an invited member must deposit and wager, and what the referrer gets. */
export function ReferralTab() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['referral-rule'], queryFn: referral });
  return (
    <section className="card" aria-labelledby="referral-title">
      <h2 id="referral-title" style={{ marginTop: 0 }}>
        {t('loyalty.referral.title')}
      </h2>
      {query.isLoading && <Loading />}
      {query.error ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data && <ReferralForm current={query.data} />}
    </section>
  );
}

type Values = { enabled: boolean; minFirstDeposit: string; minTurnover: string; rewardAmount: string };

function ReferralForm({ current }: { current: ConsoleReferral }) {
  const { t } = useTranslation();
  const writable = useCan()('loyalty.write');
  const queryClient = useQueryClient();
  const s = current.settings;
  const form = useForm<Values>({
    defaultValues: {
      enabled: s?.enabled ?? false,
      minFirstDeposit: minorToMajor(s?.minFirstDeposit ?? '0'),
      minTurnover: minorToMajor(s?.minTurnover ?? '0'),
      rewardAmount: minorToMajor(s?.rewardAmount ?? ''),
    },
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: saveReferral,
    onSuccess: (saved) => {
      queryClient.setQueryData(['referral-rule'], saved);
      form.reset(form.getValues());
    },
  });
  const submit = form.handleSubmit((v) => {
    const parsed = ReferralSettingsBodySchema.safeParse({
      enabled: v.enabled,
      minFirstDeposit: majorToMinor(v.minFirstDeposit) ?? 'x',
      minTurnover: majorToMinor(v.minTurnover) ?? 'x',
      rewardAmount: majorToMinor(v.rewardAmount) ?? 'x',
    });
    if (!parsed.success) return setErrors(invalidFields(parsed.error.issues, INVALID));
    setErrors({});
    save.mutate(parsed.data);
  });
  return (
    <form noValidate onSubmit={submit}>
      {!current.promoRunning && (
        <div className="alert" role="note">
          {t('loyalty.referral.promoOff')}
        </div>
      )}
      <fieldset className="row fields-top" style={{ border: 0, padding: 0 }} disabled={!writable}>
        <legend className="muted">{t('loyalty.referral.rule')}</legend>
        <TextInput
          id="referral-deposit"
          label={t('loyalty.referral.minFirstDeposit')}
          reg={form.register('minFirstDeposit')}
          error={errors.minFirstDeposit}
          hint={t('loyalty.referral.zeroHint')}
          width={170}
          decimal
        />
        <TextInput
          id="referral-turnover"
          label={t('loyalty.referral.minTurnover')}
          reg={form.register('minTurnover')}
          error={errors.minTurnover}
          hint={t('loyalty.referral.zeroHint')}
          width={170}
          decimal
        />
        <TextInput
          id="referral-reward"
          label={t('loyalty.referral.rewardAmount')}
          reg={form.register('rewardAmount')}
          error={errors.rewardAmount}
          hint={t('loyalty.referral.rewardHint')}
          width={170}
          decimal
        />
        <CheckRow label={t('loyalty.referral.enabled')} reg={form.register('enabled')} />
      </fieldset>
      {writable && (
        <FormActions
          pending={save.isPending}
          error={save.error}
          savedText={save.isSuccess && !form.formState.isDirty && t('loyalty.saved')}
        />
      )}
    </form>
  );
}
