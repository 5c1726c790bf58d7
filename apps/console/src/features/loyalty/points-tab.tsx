import type { PointsReward } from '@playfront/contract/console-loyalty';
import { PointsConfigBodySchema, PointsRewardBodySchema } from '@playfront/contract/console-loyalty';
import type { PointsConfig } from '@playfront/contract/points';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '../../lib/format.ts';
import { issuesByPath, majorToMinor, minorToMajor, wholeNumber } from '../../lib/units.ts';
import { DataTable, NUM, WRAP } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { ErrorState, FormError, Loading } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import { pointsConfig, pointsRewards, savePointsConfig, saveReward } from './api.ts';
import { INVALID, TextInput } from './form-bits.tsx';

const RATES = ['slots', 'live', 'sports', 'pvp', 'lottery', 'deposit'] as const;
const col = createColumnHelper<PointsReward>();

export function PointsTab() {
  const { t } = useTranslation();
  const config = useQuery({ queryKey: ['points-config'], queryFn: pointsConfig });
  return (
    <>
      <section className="card" aria-labelledby="points-config-title">
        <h2 id="points-config-title" style={{ marginTop: 0 }}>
          {t('loyalty.points.config')}
        </h2>
        {config.isLoading && <Loading />}
        {config.error ? <ErrorState error={config.error} onRetry={() => void config.refetch()} /> : null}
        {config.data && <ConfigForm config={config.data} />}
      </section>
      <Rewards />
    </>
  );
}

type ConfigValues = Record<(typeof RATES)[number], string> & {
  convertPoints: string;
  convertAmount: string;
  minConvertPoints: string;
  convertEnabled: boolean;
};

function ConfigForm({ config }: { config: PointsConfig }) {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const writable = can('loyalty.write');
  const form = useForm<ConfigValues>({
    defaultValues: {
      ...(Object.fromEntries(RATES.map((r) => [r, String(config.rates[r])])) as Record<(typeof RATES)[number], string>),
      convertPoints: String(config.convertPoints),
      convertAmount: minorToMajor(config.convertAmount),
      minConvertPoints: String(config.minConvertPoints),
      convertEnabled: config.convertEnabled,
    },
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: savePointsConfig,
    onSuccess: (saved) => queryClient.setQueryData(['points-config'], saved),
  });
  const submit = form.handleSubmit((v) => {
    const parsed = PointsConfigBodySchema.safeParse({
      rates: Object.fromEntries(RATES.map((r) => [r, wholeNumber(v[r])])),
      convertPoints: wholeNumber(v.convertPoints),
      convertAmount: majorToMinor(v.convertAmount) ?? 'x',
      minConvertPoints: wholeNumber(v.minConvertPoints),
      convertEnabled: v.convertEnabled,
    });
    if (!parsed.success) return setErrors(Object.fromEntries(Object.keys(issuesByPath(parsed.error.issues)).map((k) => [k, INVALID])));
    setErrors({});
    save.mutate(parsed.data);
  });
  return (
    <form noValidate onSubmit={submit}>
      <fieldset className="row" style={{ border: 0, padding: 0 }} disabled={!writable}>
        <legend className="muted">{t('loyalty.points.rates', { base: formatMinor(config.rateBase, config.currencySymbol) })}</legend>
        {RATES.map((r) => (
          <TextInput
            key={r}
            id={`points-rate-${r}`}
            label={t(r === 'deposit' ? 'loyalty.points.deposit' : `loyalty.categories.${r}`)}
            reg={form.register(r)}
            error={errors[`rates.${r}`]}
            width={100}
          />
        ))}
      </fieldset>
      <fieldset className="row" style={{ border: 0, padding: 0, marginTop: 10 }} disabled={!writable}>
        <legend className="muted">{t('loyalty.points.conversion')}</legend>
        <TextInput
          id="points-cp"
          label={t('loyalty.points.convertPoints')}
          reg={form.register('convertPoints')}
          error={errors.convertPoints}
          width={120}
        />
        <TextInput
          id="points-ca"
          label={t('loyalty.points.convertAmount')}
          reg={form.register('convertAmount')}
          error={errors.convertAmount}
          width={120}
          decimal
        />
        <TextInput
          id="points-min"
          label={t('loyalty.points.minConvert')}
          reg={form.register('minConvertPoints')}
          error={errors.minConvertPoints}
          width={120}
        />
        <label className="check">
          <input type="checkbox" {...form.register('convertEnabled')} /> {t('loyalty.points.convertEnabled')}
        </label>
      </fieldset>
      <FormError error={save.error} />
      {save.isSuccess && !form.formState.isDirty && (
        <div className="alert ok" role="status">
          {t('loyalty.saved')}
        </div>
      )}
      {writable && (
        <div className="dialog-actions">
          <button type="submit" className="primary" disabled={save.isPending}>
            {t('actions.save')}
          </button>
        </div>
      )}
    </form>
  );
}

function Rewards() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const writable = can('loyalty.write');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<PointsReward | null>(null);
  const query = useQuery({ queryKey: ['points-rewards'], queryFn: pointsRewards });
  const bn = i18n.resolvedLanguage === 'bn';
  const columns = useMemo(
    () => [
      col.accessor((r) => (bn ? r.name.bn : r.name.en), { id: 'name', header: () => t('loyalty.points.item'), meta: WRAP }),
      col.accessor('kind', { header: () => t('cols.kind'), cell: (c) => t(`loyalty.points.kinds.${c.getValue()}`) }),
      col.accessor('price', { header: () => t('loyalty.points.price'), meta: NUM }),
      col.accessor('stock', {
        header: () => t('loyalty.points.stock'),
        meta: NUM,
        cell: (c) => c.getValue() ?? t('loyalty.points.unlimited'),
      }),
      col.accessor('redeemed', { header: () => t('loyalty.points.redeemed'), meta: NUM }),
      col.accessor('active', {
        header: () => t('cols.status'),
        cell: (c) => <span className={c.getValue() ? 'badge ok' : 'badge'}>{t(c.getValue() ? 'loyalty.onSale' : 'loyalty.paused')}</span>,
      }),
      col.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) =>
          writable ? (
            <button
              type="button"
              onClick={() => setEditing(c.row.original)}
              aria-label={t('loyalty.points.editOne', { name: c.row.original.name.en })}
            >
              {t('actions.edit')}
            </button>
          ) : null,
      }),
    ],
    [t, bn, writable],
  );
  return (
    <>
      <h2>{t('loyalty.points.mall')}</h2>
      <DataTable
        caption={t('loyalty.points.mall')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(r) => String(r.id)}
        emptyText={t('loyalty.points.none')}
      />
      {editing && (
        <RewardForm
          reward={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: ['points-rewards'] });
          }}
        />
      )}
    </>
  );
}

function RewardForm({ reward, onClose, onSaved }: { reward: PointsReward; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const form = useForm({
    defaultValues: {
      price: reward.price,
      stock: reward.stock === null ? '' : String(reward.stock),
      active: reward.active,
      sort: String(reward.sort),
    },
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({ mutationFn: (body: Parameters<typeof saveReward>[1]) => saveReward(reward.id, body), onSuccess: onSaved });
  const submit = form.handleSubmit((v) => {
    const parsed = PointsRewardBodySchema.safeParse({
      price: v.price.trim(),
      stock: v.stock.trim() === '' ? null : wholeNumber(v.stock),
      active: v.active,
      sort: wholeNumber(v.sort),
    });
    if (!parsed.success) return setErrors(Object.fromEntries(Object.keys(issuesByPath(parsed.error.issues)).map((k) => [k, INVALID])));
    setErrors({});
    save.mutate(parsed.data);
  });
  return (
    <Dialog open title={i18n.resolvedLanguage === 'bn' ? reward.name.bn : reward.name.en} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <div className="row">
          <TextInput id="reward-price" label={t('loyalty.points.price')} reg={form.register('price')} error={errors.price} width={120} />
          <TextInput
            id="reward-stock"
            label={t('loyalty.points.stock')}
            reg={form.register('stock')}
            error={errors.stock}
            hint={t('loyalty.points.stockHint')}
            width={140}
          />
          <TextInput id="reward-sort" label={t('loyalty.sort')} reg={form.register('sort')} error={errors.sort} width={90} />
          <label className="check">
            <input type="checkbox" {...form.register('active')} /> {t('loyalty.onSale')}
          </label>
        </div>
        <FormError error={save.error} />
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {t('actions.cancel')}
          </button>
          <button type="submit" className="primary" disabled={save.isPending}>
            {t('actions.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
