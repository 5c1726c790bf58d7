import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRow } from '../../ui/form-row.tsx';
import { ErrorState, FormError, Loading } from '../../ui/states.tsx';
import { riskRules, saveRiskRules } from './api.ts';
import { fromDraft, type RulesDraft, type RulesTextField, toDraft } from './rules-model.ts';

/** The brand's withdrawal, turnover and risk-flag rules; editable with risk.rules (owner, admin), read-only otherwise. */
export function RulesForm({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['risk-rules'], queryFn: riskRules });
  const [draft, setDraft] = useState<RulesDraft | null>(null);
  const [bad, setBad] = useState<RulesTextField[]>([]);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (query.data) setDraft(toDraft(query.data));
  }, [query.data]);
  const save = useMutation({
    mutationFn: saveRiskRules,
    onSuccess: (r) => {
      queryClient.setQueryData(['risk-rules'], r);
      setSaved(true);
    },
  });
  if (query.isLoading) return <Loading />;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!draft) return null;
  const set = (k: keyof RulesDraft) => (e: { target: { value: string; checked?: boolean } }) => {
    setSaved(false);
    setDraft({ ...draft, [k]: k === 'kycFirst' ? Boolean(e.target.checked) : e.target.value });
  };
  /** A rule's row; `error` is the field's own message when it is refused (else the form's alert says what is wrong). */
  const field = (k: RulesTextField, label: string, hint: string, inputMode: 'decimal' | 'numeric', error?: string) => {
    const refused = bad.includes(k);
    const shownError = refused ? error : undefined;
    return (
      <FormRow id={`rule-${k}`} label={label} hint={hint} error={shownError}>
        <input
          id={`rule-${k}`}
          value={draft[k]}
          onChange={set(k)}
          inputMode={inputMode}
          disabled={!canEdit}
          aria-invalid={refused}
          aria-describedby={[`rule-${k}-hint`, shownError ? `rule-${k}-error` : ''].filter(Boolean).join(' ')}
        />
      </FormRow>
    );
  };
  return (
    <form
      className="card stack"
      noValidate
      aria-labelledby="rules-title"
      onSubmit={(e) => {
        e.preventDefault();
        const { rules, bad: refused } = fromDraft(draft);
        setBad(refused);
        if (rules) save.mutate(rules);
      }}
    >
      <h2 id="rules-title">{t('risk.rulesTitle')}</h2>
      <div className="grid">
        {field('kycAbove', t('risk.rules.kycAbove'), t('risk.rules.kycAboveHint'), 'decimal')}
        <label className="check">
          <input type="checkbox" checked={draft.kycFirst} onChange={set('kycFirst')} disabled={!canEdit} />
          {t('risk.rules.kycFirst')}
        </label>
        {field('turnover', t('risk.rules.turnover'), t('risk.rules.turnoverHint'), 'decimal')}
        {field('littlePlay', t('risk.rules.littlePlay'), t('risk.rules.littlePlayHint'), 'decimal')}
        {field('largeWin', t('risk.rules.largeWin'), t('risk.rules.largeWinHint'), 'decimal')}
        {field('sharedIp', t('risk.rules.sharedIp'), t('risk.rules.sharedIpHint'), 'numeric')}
        {field('travel', t('risk.rules.travel'), t('risk.rules.travelHint'), 'numeric')}
        {field('kycRetention', t('risk.rules.kycRetention'), t('risk.rules.kycRetentionHint'), 'numeric', 'risk.rules.kycRetentionInvalid')}
      </div>
      {bad.length > 0 && (
        <div className="alert error" role="alert">
          {t('risk.rules.invalid')}
        </div>
      )}
      <FormError error={save.error} />
      {saved && (
        <div className="alert ok" role="status">
          {t('risk.rules.saved')}
        </div>
      )}
      {canEdit && (
        <div className="row">
          <button type="submit" className="primary" disabled={save.isPending}>
            {t('actions.save')}
          </button>
        </div>
      )}
    </form>
  );
}
