import { MissionBodySchema } from '@playfront/contract/console-loyalty';
import type { OpsMission, OpsMissionBody } from '@playfront/contract/missions';
import { MISSION_CATEGORIES, MISSION_GOALS, MISSION_PERIODS } from '@playfront/contract/missions-paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '../../lib/format.ts';
import { majorToMinor, minorToMajor, wholeNumber } from '../../lib/units.ts';
import { DataTable, NUM, WRAP } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormError } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import { createMission, INVALID, missions, updateMission } from './api.ts';
import '../../ui/wide-form.css';
import { FormActions } from '../../ui/form-actions.tsx';
import { CheckRow, describe, FormRow, invalidFields, TextInput } from '../../ui/form-row.tsx';

const col = createColumnHelper<OpsMission>();
/** Goals counted in money (minor units); the others count games or rounds. */
const MONEY_GOALS = new Set(['wager', 'deposit']);

/** The body of a mission as it is, with one change (pause and resume send the whole definition back). */
export function missionBody(m: OpsMission, change: Partial<OpsMissionBody> = {}): OpsMissionBody {
  const { id: _id, ...rest } = m;
  return { ...rest, ...change };
}

export function MissionsTab() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const writable = can('loyalty.write');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OpsMission | 'new' | null>(null);
  const query = useQuery({ queryKey: ['missions'], queryFn: missions });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['missions'] });
  const toggle = useMutation({
    mutationFn: (m: OpsMission) => updateMission(m.id, missionBody(m, { active: !m.active })),
    onSuccess: refresh,
  });
  const bn = i18n.resolvedLanguage === 'bn';
  const columns = useMemo(
    () => [
      col.accessor('code', { header: () => t('loyalty.code'), cell: (c) => <code>{c.getValue()}</code> }),
      col.accessor((m) => (bn ? m.titleBn : m.titleEn), { id: 'title', header: () => t('loyalty.missions.title'), meta: WRAP }),
      col.accessor('period', { header: () => t('loyalty.missions.period'), cell: (c) => t(`loyalty.missions.periods.${c.getValue()}`) }),
      col.accessor('goal', {
        header: () => t('loyalty.missions.goal'),
        cell: (c) =>
          `${t(`loyalty.missions.goals.${c.getValue()}`)}${c.row.original.category ? ` · ${t(`loyalty.categories.${c.row.original.category}`)}` : ''}`,
      }),
      col.accessor('target', {
        header: () => t('loyalty.missions.target'),
        meta: NUM,
        cell: (c) => (MONEY_GOALS.has(c.row.original.goal) ? formatMinor(c.getValue()) : c.getValue()),
      }),
      col.accessor('rewardAmount', { header: () => t('loyalty.missions.reward'), meta: NUM, cell: (c) => formatMinor(c.getValue()) }),
      col.accessor('points', { header: () => t('loyalty.missions.points'), meta: NUM }),
      col.accessor('active', {
        header: () => t('cols.status'),
        cell: (c) => <span className={c.getValue() ? 'badge ok' : 'badge'}>{t(c.getValue() ? 'loyalty.active' : 'loyalty.paused')}</span>,
      }),
      col.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) =>
          writable ? (
            <div className="row" style={{ flexWrap: 'nowrap' }}>
              <button
                type="button"
                onClick={() => setEditing(c.row.original)}
                aria-label={t('loyalty.missions.editOne', { code: c.row.original.code })}
              >
                {t('actions.edit')}
              </button>
              <button
                type="button"
                disabled={toggle.isPending}
                onClick={() => toggle.mutate(c.row.original)}
                aria-label={t(c.row.original.active ? 'loyalty.pauseOne' : 'loyalty.resumeOne', { code: c.row.original.code })}
              >
                {t(c.row.original.active ? 'loyalty.pause' : 'loyalty.resume')}
              </button>
            </div>
          ) : null,
      }),
    ],
    [t, bn, writable, toggle],
  );
  return (
    <>
      <FormError error={toggle.error} />
      <DataTable
        caption={t('loyalty.tabs.missions')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(m) => String(m.id)}
        emptyText={t('loyalty.missions.none')}
        tools={
          writable ? (
            <button type="button" className="primary" onClick={() => setEditing('new')}>
              {t('loyalty.missions.new')}
            </button>
          ) : undefined
        }
      />
      {editing && (
        <MissionForm
          mission={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </>
  );
}

type MissionValues = {
  code: string;
  period: string;
  goal: string;
  category: string;
  minWin: string;
  target: string;
  rewardAmount: string;
  bonusPromotionId: string;
  points: string;
  titleEn: string;
  titleBn: string;
  sort: string;
  active: boolean;
};

function MissionForm({ mission, onClose, onSaved }: { mission: OpsMission | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const m = mission;
  const money = (goal: string, v: string) => (MONEY_GOALS.has(goal) ? minorToMajor(v) : v);
  const form = useForm<MissionValues>({
    defaultValues: {
      code: m?.code ?? '',
      period: m?.period ?? 'daily',
      goal: m?.goal ?? 'wager',
      category: m?.category ?? '',
      minWin: minorToMajor(m?.minWin ?? '0'),
      target: m ? money(m.goal, m.target) : '',
      rewardAmount: minorToMajor(m?.rewardAmount ?? '0'),
      bonusPromotionId: m?.bonusPromotionId ? String(m.bonusPromotionId) : '',
      points: String(m?.points ?? 0),
      titleEn: m?.titleEn ?? '',
      titleBn: m?.titleBn ?? '',
      sort: String(m?.sort ?? 0),
      active: m?.active ?? true,
    },
  });
  const goal = form.watch('goal');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: OpsMissionBody) => (m ? updateMission(m.id, body) : createMission(body)),
    onSuccess: onSaved,
  });
  const submit = form.handleSubmit((v) => {
    const parsed = MissionBodySchema.safeParse({
      code: v.code.trim(),
      period: v.period,
      goal: v.goal,
      category: v.goal === 'wager' && v.category ? v.category : null,
      minWin: v.goal === 'bigWin' ? (majorToMinor(v.minWin) ?? 'x') : '0',
      target: MONEY_GOALS.has(v.goal) ? (majorToMinor(v.target) ?? 'x') : v.target.trim(),
      rewardAmount: majorToMinor(v.rewardAmount) ?? 'x',
      bonusPromotionId: v.bonusPromotionId.trim() === '' ? null : wholeNumber(v.bonusPromotionId),
      points: wholeNumber(v.points),
      titleEn: v.titleEn,
      titleBn: v.titleBn,
      sort: wholeNumber(v.sort),
      active: v.active,
    });
    if (!parsed.success) return setErrors(invalidFields(parsed.error.issues, INVALID));
    setErrors({});
    save.mutate(parsed.data);
  });
  const select = (name: 'period' | 'goal' | 'category', options: readonly string[], prefix: string, empty?: string) => (
    <FormRow id={`mission-${name}`} label={t(`loyalty.missions.${name}`)} error={errors[name]}>
      <select {...describe(`mission-${name}`, errors[name])} {...form.register(name)}>
        {empty && <option value="">{empty}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`${prefix}.${o}`)}
          </option>
        ))}
      </select>
    </FormRow>
  );
  return (
    <Dialog open title={t(m ? 'loyalty.missions.editTitle' : 'loyalty.missions.createTitle')} onClose={onClose}>
      <form noValidate onSubmit={submit} className="wide-form">
        <div className="row">
          <TextInput
            id="mission-code"
            label={t('loyalty.code')}
            reg={form.register('code')}
            error={errors.code}
            hint={t('loyalty.codeHint')}
          />
          {select('period', MISSION_PERIODS, 'loyalty.missions.periods')}
          {select('goal', MISSION_GOALS, 'loyalty.missions.goals')}
          {goal === 'wager' && select('category', MISSION_CATEGORIES, 'loyalty.categories', t('loyalty.allGames'))}
        </div>
        <div className="two-col" style={{ marginTop: 10 }}>
          <TextInput id="mission-titleEn" label={t('loyalty.missions.titleEn')} reg={form.register('titleEn')} error={errors.titleEn} />
          <TextInput id="mission-titleBn" label={t('loyalty.missions.titleBn')} reg={form.register('titleBn')} error={errors.titleBn} />
        </div>
        <div className="row" style={{ marginTop: 10 }}>
          <TextInput
            id="mission-target"
            label={t(MONEY_GOALS.has(goal) ? 'loyalty.missions.targetAmount' : 'loyalty.missions.targetCount')}
            reg={form.register('target')}
            error={errors.target}
            width={140}
            decimal={MONEY_GOALS.has(goal)}
          />
          {goal === 'bigWin' && (
            <TextInput
              id="mission-minWin"
              label={t('loyalty.missions.minWin')}
              reg={form.register('minWin')}
              error={errors.minWin}
              width={140}
              decimal
            />
          )}
          <TextInput
            id="mission-reward"
            label={t('loyalty.missions.reward')}
            reg={form.register('rewardAmount')}
            error={errors.rewardAmount}
            width={120}
            decimal
          />
          <TextInput
            id="mission-points"
            label={t('loyalty.missions.points')}
            reg={form.register('points')}
            error={errors.points}
            width={100}
          />
          <TextInput
            id="mission-bonus"
            label={t('loyalty.bonusPromotionId')}
            reg={form.register('bonusPromotionId')}
            error={errors.bonusPromotionId}
            hint={t('loyalty.bonusPromotionHint')}
            width={160}
          />
          <TextInput id="mission-sort" label={t('loyalty.sort')} reg={form.register('sort')} error={errors.sort} width={90} />
          <CheckRow label={t('loyalty.active')} reg={form.register('active')} />
        </div>
        <FormActions pending={save.isPending} error={save.error} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
