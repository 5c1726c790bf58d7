import { VipLevelBodySchema } from '@playfront/contract/console-loyalty';
import type { OpsVipLevel } from '@playfront/contract/vip';
import { VIP_ICON_KEYS, VIP_REBATE_CATEGORIES } from '@playfront/contract/vip-paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '../../lib/format.ts';
import { bpsToPercent, majorToMinor, minorToMajor, percentToBps } from '../../lib/units.ts';
import { DataTable, NUM } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import { INVALID, saveVipLevel, vipLevels, vipMember } from './api.ts';
import '../../ui/wide-form.css';
import { FormActions } from '../../ui/form-actions.tsx';
import { describe, FormRow, invalidFields, TextInput } from '../../ui/form-row.tsx';

const col = createColumnHelper<OpsVipLevel>();
const AMOUNTS = ['validBetThreshold', 'depositThreshold', 'keepValidBet', 'levelUpBonus', 'monthlyBonus', 'dailyWithdrawalLimit'] as const;

export function VipTab() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const writable = can('loyalty.write');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OpsVipLevel | null>(null);
  const query = useQuery({ queryKey: ['vip-levels'], queryFn: vipLevels });
  const bn = i18n.resolvedLanguage === 'bn';
  const columns = useMemo(
    () => [
      col.accessor('level', { header: () => t('loyalty.vip.level'), meta: NUM }),
      col.accessor((l) => (bn ? l.nameBn : l.nameEn), { id: 'name', header: () => t('loyalty.vip.name') }),
      ...AMOUNTS.map((k) => col.accessor(k, { header: () => t(`loyalty.vip.${k}`), meta: NUM, cell: (c) => formatMinor(c.getValue()) })),
      col.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) =>
          writable ? (
            <button
              type="button"
              onClick={() => setEditing(c.row.original)}
              aria-label={t('loyalty.vip.editOne', { level: c.row.original.level })}
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
      <MemberLookup />
      <h2>{t('loyalty.vip.ladder')}</h2>
      {query.data && !query.data.enabled && (
        <div className="alert warn" role="status">
          {t('loyalty.vip.disabled')}
        </div>
      )}
      <DataTable
        caption={t('loyalty.vip.ladder')}
        columns={columns}
        rows={query.data?.levels}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(l) => String(l.level)}
        emptyText={t('loyalty.vip.none')}
      />
      {editing && (
        <VipLevelForm
          level={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: ['vip-levels'] });
          }}
        />
      )}
    </>
  );
}

function MemberLookup() {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  const [username, setUsername] = useState('');
  const query = useQuery({
    queryKey: ['vip-member', username],
    queryFn: () => vipMember(username),
    enabled: username !== '',
    retry: false,
  });
  const m = query.data;
  return (
    <section className="card" aria-labelledby="vip-lookup-title">
      <h2 id="vip-lookup-title" style={{ marginTop: 0 }}>
        {t('loyalty.vip.lookup')}
      </h2>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          setUsername(typed.trim());
        }}
      >
        <div className="field">
          <label htmlFor="vip-lookup">{t('members.username')}</label>
          <input id="vip-lookup" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={40} />
        </div>
        <button type="submit">{t('members.searchButton')}</button>
      </form>
      {query.error ? <ErrorState error={query.error} /> : null}
      {m && (
        <div className="grid" style={{ marginTop: 12 }}>
          <div className="figure">
            <div className="label">{t('loyalty.vip.level')}</div>
            <div className="value">
              {m.level} · {i18n.resolvedLanguage === 'bn' ? m.levelName.bn : m.levelName.en}
            </div>
          </div>
          <div className="figure">
            <div className="label">{t('loyalty.vip.validBet30')}</div>
            {m.validBetTarget ? (
              <ProgressBar
                value={BigInt(m.validBet)}
                max={BigInt(m.validBetTarget)}
                label={t('loyalty.vip.validBet30')}
                text={`${formatMinor(m.validBet)} / ${formatMinor(m.validBetTarget)}`}
              />
            ) : (
              <div className="value">{formatMinor(m.validBet)}</div>
            )}
          </div>
          <div className="figure">
            <div className="label">{t('loyalty.vip.deposit30')}</div>
            {m.depositTarget ? (
              <ProgressBar
                value={BigInt(m.deposit)}
                max={BigInt(m.depositTarget)}
                label={t('loyalty.vip.deposit30')}
                text={`${formatMinor(m.deposit)} / ${formatMinor(m.depositTarget)}`}
              />
            ) : (
              <div className="value">{formatMinor(m.deposit)}</div>
            )}
          </div>
          <div className="figure">
            <div className="label">{t('loyalty.vip.next')}</div>
            <div className="value">{m.nextLevel ?? t('loyalty.vip.top')}</div>
          </div>
        </div>
      )}
    </section>
  );
}

type LevelValues = { nameEn: string; nameBn: string; icon: string; rebate: Record<string, string> } & Record<
  (typeof AMOUNTS)[number],
  string
>;

function VipLevelForm({ level, onClose, onSaved }: { level: OpsVipLevel; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const form = useForm<LevelValues>({
    defaultValues: {
      nameEn: level.nameEn,
      nameBn: level.nameBn,
      icon: level.icon,
      rebate: Object.fromEntries(VIP_REBATE_CATEGORIES.map((c) => [c, bpsToPercent(level.rebateBps[c])])),
      ...(Object.fromEntries(AMOUNTS.map((k) => [k, minorToMajor(level[k])])) as Record<(typeof AMOUNTS)[number], string>),
    },
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: Parameters<typeof saveVipLevel>[1]) => saveVipLevel(level.level, body),
    onSuccess: onSaved,
  });
  const submit = form.handleSubmit((v) => {
    const candidate = {
      nameEn: v.nameEn,
      nameBn: v.nameBn,
      icon: v.icon,
      rebateBps: Object.fromEntries(VIP_REBATE_CATEGORIES.map((c) => [c, percentToBps(v.rebate[c] ?? '') ?? -1])),
      ...Object.fromEntries(AMOUNTS.map((k) => [k, majorToMinor(v[k]) ?? 'x'])),
    };
    const parsed = VipLevelBodySchema.safeParse(candidate);
    if (!parsed.success) return setErrors(invalidFields(parsed.error.issues, INVALID));
    setErrors({});
    save.mutate(parsed.data);
  });
  return (
    <Dialog open title={t('loyalty.vip.editTitle', { level: level.level })} onClose={onClose}>
      <form noValidate onSubmit={submit} className="wide-form">
        <div className="row">
          <TextInput id="vip-nameEn" label={t('loyalty.vip.nameEn')} reg={form.register('nameEn')} error={errors.nameEn} />
          <TextInput id="vip-nameBn" label={t('loyalty.vip.nameBn')} reg={form.register('nameBn')} error={errors.nameBn} />
          <FormRow id="vip-icon" label={t('loyalty.vip.icon')}>
            <select {...describe('vip-icon', undefined)} {...form.register('icon')}>
              {VIP_ICON_KEYS.map((k) => (
                <option key={k} value={k}>
                  {t(`loyalty.vip.icons.${k}`)}
                </option>
              ))}
            </select>
          </FormRow>
        </div>
        <div className="row" style={{ marginTop: 10 }}>
          {AMOUNTS.map((k) => (
            <TextInput key={k} id={`vip-${k}`} label={t(`loyalty.vip.${k}`)} reg={form.register(k)} error={errors[k]} width={150} decimal />
          ))}
        </div>
        <fieldset className="row" style={{ border: 0, padding: 0, marginTop: 10 }}>
          <legend className="muted">{t('loyalty.vip.rebate')}</legend>
          {VIP_REBATE_CATEGORIES.map((c) => (
            <TextInput
              key={c}
              id={`vip-rebate-${c}`}
              label={t(`loyalty.categories.${c}`)}
              reg={form.register(`rebate.${c}`)}
              error={errors[`rebateBps.${c}`]}
              width={90}
              decimal
            />
          ))}
        </fieldset>
        <p className="hint muted">{t('loyalty.vip.ladderHint')}</p>
        <FormActions pending={save.isPending} error={save.error} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
