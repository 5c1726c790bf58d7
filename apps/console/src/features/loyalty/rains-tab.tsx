import { type OpsRain, type OpsRainBody, OpsRainBodySchema } from '@playfront/contract/envelopes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { formatMinor, formatTime } from '../../lib/format.ts';
import { fromLocalInput, toLocalInput } from '../../lib/local-time.ts';
import { majorToMinor, minorToMajor, wholeNumber } from '../../lib/units.ts';
import { DataTable, NUM, WRAP } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { FormError } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import { createRain, INVALID, rainOccurrences, rains, updateRain } from './api.ts';
import '../../ui/wide-form.css';
import { CheckRow, describe, FormRow, invalidFields, TextInput } from '../../ui/form-row.tsx';

const col = createColumnHelper<OpsRain>();

/** The body of a rain as it is, with one change (pause and resume send the whole definition back). */
export function rainBody(r: OpsRain, change: Partial<OpsRainBody> = {}): OpsRainBody {
  const { id: _id, currency: _currency, nextStartsAt: _next, ...rest } = r;
  return { ...rest, ...change };
}

/** Envelope rains: when they fall, how much they share out, who may open one; pause, resume and past results. */
export function RainsTab() {
  const { t } = useTranslation();
  const writable = useCan()('loyalty.write');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OpsRain | 'new' | null>(null);
  const [results, setResults] = useState<OpsRain | null>(null);
  const query = useQuery({ queryKey: ['rains'], queryFn: rains });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['rains'] });
  const toggle = useMutation({ mutationFn: (r: OpsRain) => updateRain(r.id, rainBody(r, { active: !r.active })), onSuccess: refresh });
  const columns = useMemo(
    () => [
      col.accessor('name', { header: () => t('loyalty.rains.name'), meta: WRAP }),
      col.accessor('nextStartsAt', { header: () => t('loyalty.rains.next'), cell: (c) => formatTime(c.getValue()) }),
      col.accessor('repeatMinutes', {
        header: () => t('loyalty.rains.repeat'),
        cell: (c) => {
          const every = c.getValue();
          if (every === null) return t('loyalty.rains.once');
          if (every === 1440) return t('loyalty.rains.daily');
          if (every === 10_080) return t('loyalty.rains.weekly');
          return every % 60 === 0 ? t('loyalty.rains.everyHours', { hours: every / 60 }) : t('loyalty.rains.every', { minutes: every });
        },
      }),
      col.accessor('budget', { header: () => t('loyalty.rains.budget'), meta: NUM, cell: (c) => formatMinor(c.getValue()) }),
      col.accessor('count', { header: () => t('loyalty.rains.count'), meta: NUM }),
      col.display({
        id: 'amounts',
        header: () => t('loyalty.rains.amounts'),
        meta: NUM,
        cell: (c) => `${formatMinor(c.row.original.minAmount)} – ${formatMinor(c.row.original.maxAmount)}`,
      }),
      col.accessor('active', {
        header: () => t('cols.status'),
        cell: (c) => <span className={c.getValue() ? 'badge ok' : 'badge'}>{t(c.getValue() ? 'loyalty.active' : 'loyalty.paused')}</span>,
      }),
      col.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) => {
          const r = c.row.original;
          return (
            <div className="row" style={{ flexWrap: 'nowrap' }}>
              <button type="button" onClick={() => setResults(r)} aria-label={t('loyalty.rains.resultsOf', { name: r.name })}>
                {t('loyalty.rains.results')}
              </button>
              {writable && (
                <>
                  <button type="button" onClick={() => setEditing(r)} aria-label={t('loyalty.rains.editOne', { name: r.name })}>
                    {t('actions.edit')}
                  </button>
                  <button
                    type="button"
                    disabled={toggle.isPending}
                    onClick={() => toggle.mutate(r)}
                    aria-label={t(r.active ? 'loyalty.pauseOne' : 'loyalty.resumeOne', { code: r.name })}
                  >
                    {t(r.active ? 'loyalty.pause' : 'loyalty.resume')}
                  </button>
                </>
              )}
            </div>
          );
        },
      }),
    ],
    [t, writable, toggle],
  );
  return (
    <>
      <FormError error={toggle.error} />
      <DataTable
        caption={t('loyalty.tabs.rains')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(r) => r.id}
        emptyText={t('loyalty.rains.none')}
        tools={
          writable ? (
            <button type="button" className="primary" onClick={() => setEditing('new')}>
              {t('loyalty.rains.new')}
            </button>
          ) : undefined
        }
      />
      {editing && (
        <RainForm
          rain={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {results && <RainResults rain={results} onClose={() => setResults(null)} />}
    </>
  );
}

type RainValues = {
  name: string;
  startsAt: string;
  durationSeconds: string;
  repeatMinutes: string;
  budget: string;
  count: string;
  minAmount: string;
  maxAmount: string;
  minVipLevel: string;
  bonusPromotionId: string;
  active: boolean;
};

/** The server's refusal of settings that cannot pay out, on the field it names (`ENVELOPE_RAIN_INVALID`). */
function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.code !== 'ENVELOPE_RAIN_INVALID') return {};
  const fields = (error.body as { fields?: Record<string, { params?: { rule?: string } }> } | undefined)?.fields ?? {};
  return Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, `loyalty.rains.rules.${f.params?.rule ?? 'other'}`]));
}

function RainForm({ rain, onClose, onSaved }: { rain: OpsRain | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const r = rain;
  const form = useForm<RainValues>({
    defaultValues: {
      name: r?.name ?? '',
      startsAt: toLocalInput(r?.startsAt ?? new Date(Date.now() + 3_600_000).toISOString()),
      durationSeconds: String(r?.durationSeconds ?? 120),
      repeatMinutes: r?.repeatMinutes ? String(r.repeatMinutes) : '',
      budget: minorToMajor(r?.budget ?? ''),
      count: String(r?.count ?? 100),
      minAmount: minorToMajor(r?.minAmount ?? ''),
      maxAmount: minorToMajor(r?.maxAmount ?? ''),
      minVipLevel: String(r?.minVipLevel ?? 0),
      bonusPromotionId: r?.bonusPromotionId ? String(r.bonusPromotionId) : '',
      active: r?.active ?? true,
    },
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: OpsRainBody) => (r ? updateRain(r.id, body) : createRain(body)),
    onSuccess: onSaved,
  });
  const submit = form.handleSubmit((v) => {
    const parsed = OpsRainBodySchema.safeParse({
      name: v.name,
      startsAt: fromLocalInput(v.startsAt) ?? '',
      durationSeconds: wholeNumber(v.durationSeconds),
      repeatMinutes: v.repeatMinutes.trim() === '' ? null : wholeNumber(v.repeatMinutes),
      budget: majorToMinor(v.budget) ?? 'x',
      count: wholeNumber(v.count),
      minAmount: majorToMinor(v.minAmount) ?? 'x',
      maxAmount: majorToMinor(v.maxAmount) ?? 'x',
      minVipLevel: wholeNumber(v.minVipLevel),
      bonusPromotionId: v.bonusPromotionId.trim() === '' ? null : wholeNumber(v.bonusPromotionId),
      active: v.active,
    });
    if (!parsed.success) return setErrors(invalidFields(parsed.error.issues, INVALID));
    setErrors({});
    save.mutate(parsed.data);
  });
  const shown = { ...serverFieldErrors(save.error), ...errors };
  const input = (name: keyof Omit<RainValues, 'active'>, width: number, hint?: string, decimal?: boolean) => (
    <TextInput
      id={`rain-${name}`}
      label={t(`loyalty.rains.${name}`)}
      reg={form.register(name)}
      error={shown[name]}
      hint={hint}
      width={width}
      decimal={decimal}
    />
  );
  return (
    <Dialog open title={t(r ? 'loyalty.rains.editTitle' : 'loyalty.rains.createTitle')} onClose={onClose}>
      <form noValidate onSubmit={submit} className="wide-form">
        <div className="row">
          {input('name', 240)}
          <FormRow id="rain-startsAt" label={t('loyalty.rains.startsAt')} error={shown.startsAt} hint={t('loyalty.rains.startsAtHint')}>
            <input type="datetime-local" {...describe('rain-startsAt', shown.startsAt, 'hint')} {...form.register('startsAt')} />
          </FormRow>
          {input('durationSeconds', 140, t('loyalty.rains.durationHint'))}
          {input('repeatMinutes', 160, t('loyalty.rains.repeatHint'))}
        </div>
        <div className="row" style={{ marginTop: 10 }}>
          {input('budget', 140, undefined, true)}
          {input('count', 120)}
          {input('minAmount', 130, undefined, true)}
          {input('maxAmount', 130, undefined, true)}
        </div>
        <div className="row" style={{ marginTop: 10 }}>
          {input('minVipLevel', 140, t('loyalty.rains.minVipHint'))}
          <TextInput
            id="rain-bonusPromotionId"
            label={t('loyalty.bonusPromotionId')}
            reg={form.register('bonusPromotionId')}
            error={shown.bonusPromotionId}
            hint={t('loyalty.bonusPromotionHint')}
            width={180}
          />
          <CheckRow label={t('loyalty.active')} reg={form.register('active')} />
        </div>
        <FormActions
          pending={save.isPending}
          error={Object.keys(serverFieldErrors(save.error)).length === 0 ? save.error : null}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

type Occurrence = Awaited<ReturnType<typeof rainOccurrences>>['list'][number];
const occurrenceCol = createColumnHelper<Occurrence>();

/** A rain's latest occurrences: when, envelopes opened of those set out, and the amount paid of the budget. */
function RainResults({ rain, onClose }: { rain: OpsRain; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['rain-occurrences', rain.id], queryFn: () => rainOccurrences(rain.id) });
  const columns = useMemo(
    () => [
      occurrenceCol.accessor('startsAt', { header: () => t('loyalty.rains.startsAt'), cell: (c) => formatTime(c.getValue()) }),
      occurrenceCol.accessor('state', { header: () => t('cols.status'), cell: (c) => t(`loyalty.rains.states.${c.getValue()}`) }),
      occurrenceCol.display({
        id: 'opened',
        header: () => t('loyalty.rains.opened'),
        meta: NUM,
        cell: (c) => `${c.row.original.opened} / ${c.row.original.count}`,
      }),
      occurrenceCol.display({
        id: 'paid',
        header: () => t('loyalty.rains.paid'),
        meta: NUM,
        cell: (c) => `${formatMinor(c.row.original.paid)} / ${formatMinor(c.row.original.budget)}`,
      }),
    ],
    [t],
  );
  return (
    <Dialog open title={t('loyalty.rains.resultsOf', { name: rain.name })} onClose={onClose}>
      <DataTable
        caption={t('loyalty.rains.results')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(o) => o.id}
        emptyText={t('loyalty.rains.noResults')}
      />
    </Dialog>
  );
}
