import type { RebateRun } from '@playfront/contract/console-loyalty';
import { REBATE_RUN_KINDS, RebateSettingsBodySchema } from '@playfront/contract/console-loyalty';
import type { RebateSettings } from '@playfront/contract/rebates';
import { CASHBACK_PERIODS, REBATE_CATEGORIES, REBATE_PERIODS } from '@playfront/contract/rebates-paths';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMinor, formatTime } from '../../lib/format.ts';
import { bpsToPercent, issuesByPath, majorToMinor, minorToMajor, percentToBps, wholeNumber } from '../../lib/units.ts';
import { DataTable, NUM } from '../../ui/data-table.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { CheckRow, describe, FormRow, TextInput } from '../../ui/form-row.tsx';
import { ErrorState, Loading } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import { INVALID, rebateRuns, rebateSettings, saveRebateSettings } from './api.ts';

const PAGE_SIZE = 20;
const col = createColumnHelper<RebateRun>();

export function RebatesTab() {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: ['rebate-settings'], queryFn: rebateSettings });
  return (
    <>
      <section className="card" aria-labelledby="rebate-settings-title">
        <h2 id="rebate-settings-title" style={{ marginTop: 0 }}>
          {t('loyalty.rebates.settings')}
        </h2>
        {settings.isLoading && <Loading />}
        {settings.error ? <ErrorState error={settings.error} onRetry={() => void settings.refetch()} /> : null}
        {settings.data && <SettingsForm settings={settings.data} />}
      </section>
      <Runs />
    </>
  );
}

type SettingsValues = {
  enabled: boolean;
  defaultBps: Record<string, string>;
  minimumPayout: string;
  manualEnabled: boolean;
  claimIntervalMinutes: string;
  autoEnabled: boolean;
  autoPeriod: string;
  cashbackEnabled: boolean;
  cashbackShare: string;
  cashbackCap: string;
  cashbackMinimum: string;
  cashbackPeriod: string;
  bonusPromotionId: string;
};

function SettingsForm({ settings: s }: { settings: RebateSettings }) {
  const { t } = useTranslation();
  const can = useCan();
  const writable = can('loyalty.write');
  const queryClient = useQueryClient();
  const form = useForm<SettingsValues>({
    defaultValues: {
      enabled: s.enabled,
      defaultBps: Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, bpsToPercent(s.defaultBps[c] ?? 0)])),
      minimumPayout: minorToMajor(s.minimumPayout),
      manualEnabled: s.manualEnabled,
      // Staff think in minutes; the API keeps seconds.
      claimIntervalMinutes: String(Math.round(s.claimIntervalSeconds / 60)),
      autoEnabled: s.autoEnabled,
      autoPeriod: s.autoPeriod,
      cashbackEnabled: s.cashbackEnabled,
      cashbackShare: bpsToPercent(s.cashbackShareBps),
      cashbackCap: minorToMajor(s.cashbackCap),
      cashbackMinimum: minorToMajor(s.cashbackMinimum),
      cashbackPeriod: s.cashbackPeriod,
      bonusPromotionId: s.bonusPromotionId ? String(s.bonusPromotionId) : '',
    },
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: saveRebateSettings,
    onSuccess: (saved) => queryClient.setQueryData(['rebate-settings'], saved),
  });
  const submit = form.handleSubmit((v) => {
    const minutes = wholeNumber(v.claimIntervalMinutes);
    const parsed = RebateSettingsBodySchema.safeParse({
      enabled: v.enabled,
      defaultBps: Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, percentToBps(v.defaultBps[c] ?? '') ?? -1])),
      minimumPayout: majorToMinor(v.minimumPayout) ?? 'x',
      manualEnabled: v.manualEnabled,
      claimIntervalSeconds: Number.isNaN(minutes) ? minutes : minutes * 60,
      autoEnabled: v.autoEnabled,
      autoPeriod: v.autoPeriod,
      cashbackEnabled: v.cashbackEnabled,
      cashbackShareBps: percentToBps(v.cashbackShare) ?? -1,
      cashbackCap: majorToMinor(v.cashbackCap) ?? 'x',
      cashbackMinimum: majorToMinor(v.cashbackMinimum) ?? 'x',
      cashbackPeriod: v.cashbackPeriod,
      bonusPromotionId: v.bonusPromotionId.trim() === '' ? null : wholeNumber(v.bonusPromotionId),
    });
    if (!parsed.success) {
      const bad = issuesByPath(parsed.error.issues);
      const byField: Record<string, string> = {};
      for (const k of Object.keys(bad))
        byField[k === 'claimIntervalSeconds' ? 'claimIntervalMinutes' : k === 'cashbackShareBps' ? 'cashbackShare' : k] = INVALID;
      return setErrors(byField);
    }
    setErrors({});
    save.mutate(parsed.data);
  });
  const periodSelect = (name: 'autoPeriod' | 'cashbackPeriod', options: readonly string[]) => (
    <FormRow id={`rebate-${name}`} label={t(`loyalty.rebates.${name}`)}>
      <select {...describe(`rebate-${name}`, undefined)} {...form.register(name)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`loyalty.rebates.periods.${o}`)}
          </option>
        ))}
      </select>
    </FormRow>
  );
  return (
    <form noValidate onSubmit={submit}>
      <fieldset disabled={!writable} style={{ border: 0, padding: 0, margin: 0 }}>
        <div className="two-col">
          <fieldset className="card">
            <legend>{t('loyalty.rebates.rebate')}</legend>
            <CheckRow label={t('loyalty.rebates.enabled')} reg={form.register('enabled')} />
            <div className="row" style={{ marginTop: 8 }}>
              {REBATE_CATEGORIES.map((c) => (
                <TextInput
                  key={c}
                  id={`rebate-bps-${c}`}
                  label={t(`loyalty.categories.${c}`)}
                  reg={form.register(`defaultBps.${c}`)}
                  error={errors[`defaultBps.${c}`]}
                  width={90}
                  decimal
                />
              ))}
            </div>
            <p className="hint muted">{t('loyalty.rebates.ratesHint')}</p>
            <div className="row">
              <TextInput
                id="rebate-min"
                label={t('loyalty.rebates.minimumPayout')}
                reg={form.register('minimumPayout')}
                error={errors.minimumPayout}
                width={130}
                decimal
              />
              <CheckRow label={t('loyalty.rebates.manualEnabled')} reg={form.register('manualEnabled')} />
              <TextInput
                id="rebate-interval"
                label={t('loyalty.rebates.claimInterval')}
                reg={form.register('claimIntervalMinutes')}
                error={errors.claimIntervalMinutes}
                width={130}
              />
              <CheckRow label={t('loyalty.rebates.autoEnabled')} reg={form.register('autoEnabled')} />
              {periodSelect('autoPeriod', REBATE_PERIODS)}
            </div>
          </fieldset>
          <fieldset className="card">
            <legend>{t('loyalty.rebates.cashback')}</legend>
            <CheckRow label={t('loyalty.rebates.cashbackEnabled')} reg={form.register('cashbackEnabled')} />
            <div className="row" style={{ marginTop: 8 }}>
              <TextInput
                id="rebate-share"
                label={t('loyalty.rebates.cashbackShare')}
                reg={form.register('cashbackShare')}
                error={errors.cashbackShare}
                width={110}
                decimal
              />
              <TextInput
                id="rebate-cap"
                label={t('loyalty.rebates.cashbackCap')}
                reg={form.register('cashbackCap')}
                error={errors.cashbackCap}
                hint={t('loyalty.rebates.capHint')}
                width={130}
                decimal
              />
              <TextInput
                id="rebate-cmin"
                label={t('loyalty.rebates.cashbackMinimum')}
                reg={form.register('cashbackMinimum')}
                error={errors.cashbackMinimum}
                width={130}
                decimal
              />
              {periodSelect('cashbackPeriod', CASHBACK_PERIODS)}
            </div>
            <TextInput
              id="rebate-bonus"
              label={t('loyalty.bonusPromotionId')}
              reg={form.register('bonusPromotionId')}
              error={errors.bonusPromotionId}
              hint={t('loyalty.bonusPromotionHint')}
              width={160}
            />
          </fieldset>
        </div>
      </fieldset>
      {writable && <FormActions pending={save.isPending} error={save.error} savedText={save.isSuccess && t('loyalty.saved')} />}
    </form>
  );
}

function Runs() {
  const { t } = useTranslation();
  const [kind, setKind] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: ['rebate-runs', kind, pageNo],
    queryFn: () => rebateRuns({ kind, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => [
      col.accessor('ranAt', { header: () => t('loyalty.rebates.ranAt'), cell: (c) => formatTime(c.getValue()) }),
      col.accessor('kind', { header: () => t('cols.kind'), cell: (c) => t(`loyalty.rebates.kinds.${c.getValue()}`) }),
      col.accessor('period', { header: () => t('loyalty.rebates.period') }),
      col.accessor('members', { header: () => t('loyalty.rebates.members'), meta: NUM }),
      col.accessor('paidAmount', {
        header: () => t('loyalty.rebates.paid'),
        meta: NUM,
        cell: (c) => `${formatMinor(c.getValue())} (${c.row.original.paidCount})`,
      }),
      col.accessor('owedAmount', {
        header: () => t('loyalty.rebates.owed'),
        meta: NUM,
        cell: (c) => (
          <span className={c.row.original.owedCount > 0 ? 'badge warn' : undefined}>
            {formatMinor(c.getValue())} ({c.row.original.owedCount})
          </span>
        ),
      }),
    ],
    [t],
  );
  return (
    <>
      <h2>{t('loyalty.rebates.runs')}</h2>
      <p className="muted">{t('loyalty.rebates.runsHint')}</p>
      <div className="field" style={{ maxWidth: 240 }}>
        <label htmlFor="rebate-kind">{t('cols.kind')}</label>
        <select
          id="rebate-kind"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value);
            setPageNo(1);
          }}
        >
          <option value="">{t('filters.all')}</option>
          {REBATE_RUN_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`loyalty.rebates.kinds.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        caption={t('loyalty.rebates.runs')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(r) => `${r.kind}-${r.period}`}
        emptyText={t('loyalty.rebates.noRuns')}
        paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPageNo }}
      />
    </>
  );
}
