import type { LotteryOperatorGame } from '@playfront/contract/console-oversight';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, parseAmountToMinor } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { ErrorState, Loading } from '../../ui/states.tsx';
import { brandOdds, saveOdds } from './api.ts';

type Row = { code: string; odds: string; minStake: string; maxStake: string; maxPerNumber: string };
type Draft = { code: string; closeBeforeSeconds: string; maxExposure: string; rows: Row[] };

const draftOf = (g: LotteryOperatorGame): Draft => ({
  code: g.code,
  closeBeforeSeconds: String(g.closeBeforeSeconds),
  maxExposure: formatMinor(g.maxExposure).replaceAll(',', ''),
  rows: g.betTypes.map((b) => ({
    code: b.code,
    odds: b.odds ?? '',
    minStake: formatMinor(b.minStake).replaceAll(',', ''),
    maxStake: formatMinor(b.maxStake).replaceAll(',', ''),
    maxPerNumber: formatMinor(b.maxPerNumber).replaceAll(',', ''),
  })),
});

/**
 * This brand's odds and limits (decision 054): one game at a time, fixed odds and stake limits per bet type, the
 * house's exposure per number and how long before the draw betting closes. Saved with a reason (audited); slips
 * already taken keep the odds they were taken at. Odds by sum and keno tables are shown, not edited here.
 */
export function OddsEditor({ manage }: { manage: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const queryClient = useQueryClient();
  const games = useQuery({ queryKey: ['lottery-odds'], queryFn: brandOdds });
  const [code, setCode] = useState('');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [asking, setAsking] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: ({ d, reason }: { d: Draft; reason: string }) =>
      saveOdds(d.code, {
        reason,
        closeBeforeSeconds: Number(d.closeBeforeSeconds),
        maxExposure: parseAmountToMinor(d.maxExposure) ?? '',
        betTypes: d.rows.map((r) => ({
          code: r.code,
          odds: r.odds === '' ? null : r.odds,
          minStake: parseAmountToMinor(r.minStake) ?? '',
          maxStake: parseAmountToMinor(r.maxStake) ?? '',
          maxPerNumber: parseAmountToMinor(r.maxPerNumber) ?? '',
        })),
      }),
    onSuccess: (answer) => {
      setAsking(false);
      setDraft(draftOf(answer.game));
      setSaved(t('lottery.odds.saved', { game: answer.game.name[lang] }));
      void queryClient.invalidateQueries({ queryKey: ['lottery-odds'] });
      void queryClient.invalidateQueries({ queryKey: ['lottery-games'] });
    },
  });

  if (games.isLoading) return <Loading />;
  if (games.error || !games.data) return <ErrorState error={games.error} onRetry={() => void games.refetch()} />;
  const list = games.data.games;
  const selected = list.find((g) => g.code === (code || list[0]?.code));
  const current = draft && draft.code === selected?.code ? draft : selected ? draftOf(selected) : null;
  const edit = (change: Partial<Draft>) => current && setDraft({ ...current, ...change });
  const editRow = (i: number, change: Partial<Row>) =>
    current && setDraft({ ...current, rows: current.rows.map((r, k) => (k === i ? { ...r, ...change } : r)) });
  const amountsOk =
    current !== null &&
    parseAmountToMinor(current.maxExposure) !== null &&
    /^\d{1,5}$/.test(current.closeBeforeSeconds) &&
    current.rows.every(
      (r) =>
        (r.odds === '' || /^[1-9]\d{0,8}(\.\d{1,3})?$/.test(r.odds)) &&
        [r.minStake, r.maxStake, r.maxPerNumber].every((x) => parseAmountToMinor(x) !== null),
    );

  return (
    <section className="stack" aria-labelledby="lottery-odds-title">
      <h2 id="lottery-odds-title">{t('lottery.odds.title')}</h2>
      <p className="muted">{t(games.data.own ? 'lottery.odds.own' : 'lottery.odds.default')}</p>
      {saved && (
        <div className="alert ok" role="status">
          {saved}
        </div>
      )}
      <div className="row">
        <div className="field">
          <label htmlFor="lottery-odds-game">{t('lottery.game')}</label>
          <select
            id="lottery-odds-game"
            value={selected?.code ?? ''}
            onChange={(e) => {
              setCode(e.target.value);
              setDraft(null);
              setSaved(null);
            }}
          >
            {list.map((g) => (
              <option key={g.code} value={g.code}>
                {g.name[lang]}
              </option>
            ))}
          </select>
        </div>
        {current && (
          <>
            <div className="field">
              <label htmlFor="lottery-odds-close">{t('lottery.odds.closeBefore')}</label>
              <input
                id="lottery-odds-close"
                inputMode="numeric"
                value={current.closeBeforeSeconds}
                disabled={!manage}
                onChange={(e) => edit({ closeBeforeSeconds: e.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor="lottery-odds-exposure">{t('lottery.maxExposure')}</label>
              <input
                id="lottery-odds-exposure"
                inputMode="decimal"
                value={current.maxExposure}
                disabled={!manage}
                onChange={(e) => edit({ maxExposure: e.target.value })}
              />
            </div>
          </>
        )}
      </div>
      {current && selected && (
        <div className="table-wrap">
          <table className="data edit-grid">
            <caption className="visually-hidden">{t('lottery.odds.tableCaption', { game: selected.name[lang] })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('lottery.odds.betType')}</th>
                <th scope="col">{t('lottery.odds.odds')}</th>
                <th scope="col" className="num">
                  {t('lottery.odds.rtp')}
                </th>
                <th scope="col">{t('lottery.odds.minStake')}</th>
                <th scope="col">{t('lottery.odds.maxStake')}</th>
                <th scope="col">{t('lottery.odds.maxPerNumber')}</th>
              </tr>
            </thead>
            <tbody>
              {current.rows.map((r, i) => {
                const bt = selected.betTypes.find((b) => b.code === r.code);
                const name = bt?.name[lang] ?? r.code;
                return (
                  <tr key={r.code}>
                    <th scope="row">{name}</th>
                    <td>
                      {bt?.odds === null ? (
                        <span className="muted">{t('lottery.oddsTable')}</span>
                      ) : (
                        <input
                          aria-label={t('lottery.odds.oddsOf', { betType: name })}
                          inputMode="decimal"
                          value={r.odds}
                          disabled={!manage}
                          onChange={(e) => editRow(i, { odds: e.target.value })}
                        />
                      )}
                    </td>
                    <td className="num">{bt ? `${bt.rtp} %` : ''}</td>
                    {(['minStake', 'maxStake', 'maxPerNumber'] as const).map((k) => (
                      <td key={k}>
                        <input
                          aria-label={t(`lottery.odds.${k}Of`, { betType: name })}
                          inputMode="decimal"
                          value={r[k]}
                          disabled={!manage}
                          onChange={(e) => editRow(i, { [k]: e.target.value })}
                        />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {manage && current && (
        <div className="row">
          <button
            type="button"
            className="primary"
            onClick={() => {
              setInvalid(!amountsOk);
              if (amountsOk) setAsking(true);
            }}
          >
            {t('lottery.odds.save')}
          </button>
          {invalid && (
            <span className="error" role="alert">
              {t('lottery.odds.badInput')}
            </span>
          )}
        </div>
      )}
      <ReasonDialog
        open={asking}
        title={t('lottery.odds.confirmTitle', { game: selected?.name[lang] ?? '' })}
        confirmLabel={t('lottery.odds.save')}
        danger={false}
        pending={save.isPending}
        error={save.error}
        onClose={() => {
          setAsking(false);
          save.reset();
        }}
        onConfirm={(reason) => current && save.mutate({ d: current, reason })}
      />
    </section>
  );
}
