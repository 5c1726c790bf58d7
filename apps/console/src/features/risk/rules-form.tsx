import type { RiskRules } from '@playfront/contract/kyc';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, parseAmountToMinor } from '../../lib/format.ts';
import { ErrorState, FormError, Loading } from '../../ui/states.tsx';
import { riskRules, saveRiskRules } from './api.ts';

type Draft = {
  kycAbove: string;
  kycFirst: boolean;
  turnover: string;
  littlePlay: string;
  largeWin: string;
  sharedIp: string;
  travel: string;
};

const plain = (minor: string) => formatMinor(minor).replace(/,/g, '');
const toDraft = (r: RiskRules): Draft => ({
  kycAbove: r.kycWithdrawalAbove === null ? '' : plain(r.kycWithdrawalAbove),
  kycFirst: r.kycFirstWithdrawal,
  turnover: String(r.turnoverBps / 10_000),
  littlePlay: String(r.littlePlayBps / 100),
  largeWin: plain(r.largeWinAbove),
  sharedIp: String(r.sharedIpMembers),
  travel: String(r.travelKmh),
});

/** Whole numbers or up to 2 decimals of a multiple or percentage, as basis points; null when not a number in range. */
function bps(text: string, per: number, max: number): number | null {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const value = Math.round((Number(m[1]) + Number(`0.${m[2] ?? '0'}`)) * per);
  return value <= max ? value : null;
}

function fromDraft(d: Draft): RiskRules | null {
  const kycAbove = d.kycAbove.trim() === '' ? null : parseAmountToMinor(d.kycAbove);
  const largeWin = parseAmountToMinor(d.largeWin);
  const turnover = bps(d.turnover, 10_000, 1_000_000);
  const littlePlay = bps(d.littlePlay, 100, 1_000_000);
  const sharedIp = /^\d{1,4}$/.test(d.sharedIp) ? Number(d.sharedIp) : Number.NaN;
  const travel = /^\d{1,6}$/.test(d.travel) ? Number(d.travel) : Number.NaN;
  if ((d.kycAbove.trim() !== '' && kycAbove === null) || largeWin === null || turnover === null || littlePlay === null) return null;
  if (!(sharedIp >= 2 && sharedIp <= 1000) || !(travel >= 1 && travel <= 100_000)) return null;
  return {
    kycWithdrawalAbove: kycAbove,
    kycFirstWithdrawal: d.kycFirst,
    turnoverBps: turnover,
    littlePlayBps: littlePlay,
    largeWinAbove: largeWin,
    sharedIpMembers: sharedIp,
    travelKmh: travel,
  };
}

/** The brand's withdrawal, turnover and risk-flag rules; editable with risk.rules (owner, admin), read-only otherwise. */
export function RulesForm({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['risk-rules'], queryFn: riskRules });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [invalid, setInvalid] = useState(false);
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
  const set = (k: keyof Draft) => (e: { target: { value: string; checked?: boolean } }) => {
    setSaved(false);
    setDraft({ ...draft, [k]: k === 'kycFirst' ? Boolean(e.target.checked) : e.target.value });
  };
  const field = (k: Exclude<keyof Draft, 'kycFirst'>, label: string, hint: string, inputMode: 'decimal' | 'numeric') => (
    <div className="field">
      <label htmlFor={`rule-${k}`}>{label}</label>
      <input
        id={`rule-${k}`}
        value={draft[k]}
        onChange={set(k)}
        inputMode={inputMode}
        disabled={!canEdit}
        aria-describedby={`rule-${k}-hint`}
      />
      <span className="hint" id={`rule-${k}-hint`}>
        {hint}
      </span>
    </div>
  );
  return (
    <form
      className="card stack"
      noValidate
      aria-labelledby="rules-title"
      onSubmit={(e) => {
        e.preventDefault();
        const rules = fromDraft(draft);
        setInvalid(rules === null);
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
      </div>
      {invalid && (
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
