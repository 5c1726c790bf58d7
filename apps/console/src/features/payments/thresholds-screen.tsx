import type { ThresholdsView } from '@playfront/contract/console-backoffice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, formatTime } from '../../lib/format.ts';
import { ErrorState, FormError, Loading } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import { minorToThresholdText, thresholdToMinor } from './threshold-amount.ts';
import { putThresholds, useThresholds } from './thresholds-api.ts';

const KINDS = ['adjustment', 'withdrawal', 'manualDeposit'] as const;
type Kind = (typeof KINDS)[number];

/** The brand's two-person thresholds: everyone with payments.read sees them; owner and admin change them (audited). */
export default function ThresholdsScreen() {
  const { t } = useTranslation();
  const thresholds = useThresholds();
  if (thresholds.isLoading) return <Loading />;
  if (thresholds.error || !thresholds.data) return <ErrorState error={thresholds.error} onRetry={() => void thresholds.refetch()} />;
  return <ThresholdsForm key={thresholds.data.updatedAt ?? 'default'} view={thresholds.data} title={t('nav.thresholds')} />;
}

function ThresholdsForm({ view, title }: { view: ThresholdsView; title: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const editable = can('settings.manage');
  const [values, setValues] = useState<Record<Kind, string>>({
    adjustment: minorToThresholdText(view.adjustment),
    withdrawal: minorToThresholdText(view.withdrawal),
    manualDeposit: minorToThresholdText(view.manualDeposit),
  });
  const [invalid, setInvalid] = useState<Partial<Record<Kind, boolean>>>({});
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: putThresholds,
    onSuccess: (next) => {
      queryClient.setQueryData(['thresholds'], next);
      setSaved(true);
    },
  });
  return (
    <div className="stack">
      <h1>{title}</h1>
      <p className="muted">{t('backoffice.thresholdsIntro')}</p>
      <p className="muted">
        {view.custom ? t('backoffice.thresholdsUpdated', { at: formatTime(view.updatedAt) }) : t('backoffice.thresholdsDefault')}
      </p>
      {saved && (
        <div className="alert ok" role="status">
          {t('backoffice.thresholdsSaved')}
        </div>
      )}
      <form
        className="card stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const minor = Object.fromEntries(KINDS.map((k) => [k, thresholdToMinor(values[k])])) as Record<Kind, string | null>;
          const bad = Object.fromEntries(KINDS.map((k) => [k, minor[k] === null]));
          setInvalid(bad);
          setSaved(false);
          if (KINDS.every((k) => minor[k] !== null))
            save.mutate({
              adjustment: minor.adjustment ?? '0',
              withdrawal: minor.withdrawal ?? '0',
              manualDeposit: minor.manualDeposit ?? '0',
            });
        }}
      >
        {KINDS.map((k) => (
          <div className="field" key={k}>
            <label htmlFor={`th-${k}`}>{t(`backoffice.threshold.${k}`, { currency: view.currency })}</label>
            <input
              id={`th-${k}`}
              inputMode="decimal"
              value={values[k]}
              readOnly={!editable}
              onChange={(e) => setValues({ ...values, [k]: e.target.value })}
              aria-invalid={invalid[k]}
              aria-describedby={`th-${k}-hint`}
            />
            <span id={`th-${k}-hint`} className="hint">
              {t('backoffice.thresholdHint', { amount: formatMinor(view[k], view.currency) })}
            </span>
            {invalid[k] && <span className="error">{t('backoffice.thresholdInvalid')}</span>}
          </div>
        ))}
        <FormError error={save.error} />
        {editable && (
          <div>
            <button type="submit" className="primary" disabled={save.isPending}>
              {t('actions.save')}
            </button>
          </div>
        )}
      </form>
    </div>
  );
}
