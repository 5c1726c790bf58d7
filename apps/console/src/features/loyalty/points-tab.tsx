import type { PointsReward } from '@playfront/contract/console-loyalty';
import {
  POINTS_REWARD_KINDS,
  POINTS_REWARD_MOTIFS,
  PointsConfigBodySchema,
  PointsRewardBodySchema,
  PointsRewardCreateSchema,
} from '@playfront/contract/console-loyalty';
import type { PointsConfig } from '@playfront/contract/points';
import { pointsPictureUrl } from '@playfront/contract/points-paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '../../lib/format.ts';
import { majorToMinor, minorToMajor, wholeNumber } from '../../lib/units.ts';
import { DataTable, NUM, WRAP } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { CheckRow, invalidFields, TextInput } from '../../ui/form-row.tsx';
import { ErrorState, Loading } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import { createReward, INVALID, pointsConfig, pointsRewards, savePointsConfig, saveReward } from './api.ts';

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
    if (!parsed.success) return setErrors(invalidFields(parsed.error.issues, INVALID));
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
        <CheckRow label={t('loyalty.points.convertEnabled')} reg={form.register('convertEnabled')} />
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

function Rewards() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const writable = can('loyalty.write');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<PointsReward | null>(null);
  const [creating, setCreating] = useState(false);
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
      <div className="row" style={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <h2>{t('loyalty.points.mall')}</h2>
        {writable && (
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            {t('loyalty.points.newItem')}
          </button>
        )}
      </div>
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
      {creating && (
        <NewRewardForm
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: ['points-rewards'] });
          }}
        />
      )}
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
    if (!parsed.success) return setErrors(invalidFields(parsed.error.issues, INVALID));
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
          <CheckRow label={t('loyalty.onSale')} reg={form.register('active')} />
        </div>
        <FormActions pending={save.isPending} error={save.error} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** A new item of the mall (decision 059): checked with the contract's schema here, again by the server. */
function NewRewardForm({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    defaultValues: {
      code: '',
      kind: 'GOODS' as (typeof POINTS_REWARD_KINDS)[number],
      nameEn: '',
      nameBn: '',
      descriptionEn: '',
      descriptionBn: '',
      picture: 'gift',
      price: '',
      stock: '',
      perMemberLimit: '',
      cashAmount: '',
      voucherSpins: '',
      minVipLevel: '0',
      needsVerifiedMobile: false,
      active: true,
      sort: '0',
    },
  });
  const kind = form.watch('kind');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({ mutationFn: createReward, onSuccess: onSaved });
  const optional = (v: string) => (v.trim() === '' ? null : wholeNumber(v));
  const submit = form.handleSubmit((v) => {
    const parsed = PointsRewardCreateSchema.safeParse({
      code: v.code,
      kind: v.kind,
      name: { en: v.nameEn, bn: v.nameBn },
      description: { en: v.descriptionEn, bn: v.descriptionBn },
      picture: v.picture,
      price: v.price.trim(),
      stock: optional(v.stock),
      perMemberLimit: optional(v.perMemberLimit),
      cashAmount: v.kind === 'CASH' ? (majorToMinor(v.cashAmount) ?? 'x') : null,
      voucherSpins: v.kind === 'VOUCHER' ? optional(v.voucherSpins) : null,
      minVipLevel: wholeNumber(v.minVipLevel),
      needsVerifiedMobile: v.needsVerifiedMobile,
      active: v.active,
      sort: wholeNumber(v.sort),
    });
    if (!parsed.success) {
      const raw = invalidFields(parsed.error.issues, INVALID);
      const map: Record<string, string> = {
        'name.en': 'nameEn',
        'name.bn': 'nameBn',
        'description.en': 'descriptionEn',
        'description.bn': 'descriptionBn',
      };
      return setErrors(Object.fromEntries(Object.entries(raw).map(([k, m]) => [map[k] ?? k, m])));
    }
    setErrors({});
    save.mutate(parsed.data);
  });
  const e = (k: string) => errors[k];
  return (
    <Dialog open title={t('loyalty.points.newItem')} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <div className="row">
          <TextInput
            id="new-reward-code"
            label={t('loyalty.points.code')}
            reg={form.register('code')}
            error={e('code')}
            hint={t('loyalty.points.codeHint')}
            width={240}
          />
          <div className="field">
            <label htmlFor="new-reward-kind">{t('cols.kind')}</label>
            <select id="new-reward-kind" {...form.register('kind')}>
              {POINTS_REWARD_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`loyalty.points.kinds.${k}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="new-reward-picture">{t('loyalty.points.picture')}</label>
            <select id="new-reward-picture" {...form.register('picture')}>
              {POINTS_REWARD_MOTIFS.map((m) => (
                <option key={m} value={m}>
                  {t(`loyalty.points.motifs.${m}`)}
                </option>
              ))}
            </select>
          </div>
          <img src={pointsPictureUrl(form.watch('picture'))} alt="" width={96} height={60} style={{ borderRadius: 6 }} />
        </div>
        <div className="row">
          <TextInput
            id="new-reward-name-en"
            label={t('loyalty.points.nameEn')}
            reg={form.register('nameEn')}
            error={e('nameEn')}
            width={220}
          />
          <TextInput
            id="new-reward-name-bn"
            label={t('loyalty.points.nameBn')}
            reg={form.register('nameBn')}
            error={e('nameBn')}
            width={220}
          />
        </div>
        <div className="row">
          <TextInput
            id="new-reward-desc-en"
            label={t('loyalty.points.descriptionEn')}
            reg={form.register('descriptionEn')}
            error={e('descriptionEn')}
            width={220}
          />
          <TextInput
            id="new-reward-desc-bn"
            label={t('loyalty.points.descriptionBn')}
            reg={form.register('descriptionBn')}
            error={e('descriptionBn')}
            width={220}
          />
        </div>
        <div className="row">
          <TextInput id="new-reward-price" label={t('loyalty.points.price')} reg={form.register('price')} error={e('price')} width={120} />
          <TextInput
            id="new-reward-stock"
            label={t('loyalty.points.stock')}
            reg={form.register('stock')}
            error={e('stock')}
            hint={t('loyalty.points.stockHint')}
            width={120}
          />
          <TextInput
            id="new-reward-limit"
            label={t('loyalty.points.perMember')}
            reg={form.register('perMemberLimit')}
            error={e('perMemberLimit')}
            hint={t('loyalty.points.stockHint')}
            width={120}
          />
          {kind === 'CASH' && (
            <TextInput
              id="new-reward-cash"
              label={t('loyalty.points.cashAmount')}
              reg={form.register('cashAmount')}
              error={e('cashAmount')}
              width={120}
              decimal
            />
          )}
          {kind === 'VOUCHER' && (
            <TextInput
              id="new-reward-spins"
              label={t('loyalty.points.spins')}
              reg={form.register('voucherSpins')}
              error={e('voucherSpins')}
              width={120}
            />
          )}
        </div>
        <div className="row">
          <TextInput
            id="new-reward-vip"
            label={t('loyalty.points.minVip')}
            reg={form.register('minVipLevel')}
            error={e('minVipLevel')}
            width={170}
          />
          <TextInput id="new-reward-sort" label={t('loyalty.sort')} reg={form.register('sort')} error={e('sort')} width={90} />
          <CheckRow label={t('loyalty.points.needsMobile')} reg={form.register('needsVerifiedMobile')} />
          <CheckRow label={t('loyalty.onSale')} reg={form.register('active')} />
        </div>
        <FormActions pending={save.isPending} error={save.error} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
