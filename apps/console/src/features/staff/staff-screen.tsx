import { zodResolver } from '@hookform/resolvers/zod';
import type { StaffEnrolmentLink, StaffMember, StaffRole } from '@playfront/contract/console';
import { STAFF_ROLES, STAFF_USERNAME_PATTERN } from '@playfront/contract/console-paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatTime } from '../../lib/format.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { FormError } from '../../ui/states.tsx';
import { useCan, useMe } from '../auth/api.ts';
import { absoluteLink, changeRole, createStaff, disableStaff, listStaff, reenrolStaff } from './api.ts';

const col = createColumnHelper<StaffMember>();
const CreateForm = z.object({
  username: z.string().trim().toLowerCase().regex(STAFF_USERNAME_PATTERN, 'staff.usernameFormat'),
  role: z.enum(STAFF_ROLES),
});
type CreateValues = z.infer<typeof CreateForm>;

function EnrolmentLink({ link, onDismiss }: { link: StaffEnrolmentLink; onDismiss: () => void }) {
  const { t } = useTranslation();
  const url = absoluteLink(link.enrolmentLink);
  return (
    <div className="alert ok stack" role="status">
      <div>{t('staff.linkFor', { username: link.staff.username, expires: formatTime(link.expiresAt) })}</div>
      <code className="secret" data-testid="enrolment-link">
        {url}
      </code>
      <div className="row">
        <button type="button" onClick={() => void navigator.clipboard?.writeText(url)}>
          {t('staff.copyLink')}
        </button>
        <button type="button" onClick={onDismiss}>
          {t('actions.close')}
        </button>
      </div>
    </div>
  );
}

export default function StaffScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const me = useMe().data;
  const queryClient = useQueryClient();
  const manage = can('staff.manage');
  const [link, setLink] = useState<StaffEnrolmentLink | null>(null);
  const [disabling, setDisabling] = useState<StaffMember | null>(null);
  const query = useQuery({ queryKey: ['staff'], queryFn: listStaff });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['staff'] });
  const form = useForm<CreateValues>({ resolver: zodResolver(CreateForm), defaultValues: { username: '', role: 'support' } });
  const create = useMutation({
    mutationFn: (v: CreateValues) => createStaff(v.username, v.role),
    onSuccess: (l) => {
      setLink(l);
      form.reset();
      refresh();
    },
  });
  const role = useMutation({ mutationFn: ({ id, r }: { id: string; r: StaffRole }) => changeRole(id, r), onSuccess: refresh });
  const reenrol = useMutation({ mutationFn: reenrolStaff, onSuccess: setLink });
  const disable = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => disableStaff(id, reason),
    onSuccess: () => {
      setDisabling(null);
      refresh();
    },
  });
  const columns = useMemo(
    () => [
      col.accessor('username', { header: () => t('staff.username') }),
      col.accessor('role', {
        header: () => t('staff.role'),
        cell: (c) => {
          const s = c.row.original;
          if (!manage || s.status !== 'ACTIVE' || s.id === me?.id) return t(`roles.${s.role}`);
          return (
            <select
              aria-label={t('staff.roleOf', { username: s.username })}
              value={s.role}
              disabled={role.isPending}
              onChange={(e) => role.mutate({ id: s.id, r: e.target.value as StaffRole })}
            >
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </select>
          );
        },
      }),
      col.accessor('status', {
        header: () => t('cols.status'),
        cell: (c) => <span className={`badge ${c.getValue() === 'ACTIVE' ? 'ok' : 'danger'}`}>{t(`staff.status.${c.getValue()}`)}</span>,
      }),
      col.accessor('enrolled', {
        header: () => t('staff.twoFactor'),
        cell: (c) => (c.getValue() ? t('staff.enrolled') : <span className="badge warn">{t('staff.notEnrolled')}</span>),
      }),
      col.accessor('createdAt', { header: () => t('members.createdAt'), cell: (c) => formatTime(c.getValue()) }),
      col.accessor('lastLoginAt', { header: () => t('members.lastLoginAt'), cell: (c) => formatTime(c.getValue()) }),
      col.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) => {
          const s = c.row.original;
          if (!manage || s.status !== 'ACTIVE' || s.id === me?.id) return null;
          return (
            <div className="row">
              <button type="button" onClick={() => reenrol.mutate(s.id)} disabled={reenrol.isPending}>
                {t('staff.newLink')}
              </button>
              <button type="button" className="danger" onClick={() => setDisabling(s)}>
                {t('staff.disable')}
              </button>
            </div>
          );
        },
      }),
    ],
    [t, manage, me?.id, role, reenrol],
  );
  const e = form.formState.errors;
  return (
    <div className="stack">
      <h1>{t('nav.staff')}</h1>
      {manage && (
        <form className="card row" noValidate onSubmit={form.handleSubmit((v) => create.mutate(v))} aria-labelledby="staff-create-title">
          <h2 id="staff-create-title" style={{ width: '100%' }}>
            {t('staff.createTitle')}
          </h2>
          <div className="field">
            <label htmlFor="staff-username">{t('staff.username')}</label>
            <input
              id="staff-username"
              autoCapitalize="none"
              {...form.register('username')}
              aria-invalid={Boolean(e.username)}
              aria-describedby="staff-username-hint"
            />
            <span id="staff-username-hint" className="hint">
              {t('staff.usernameHint')}
            </span>
            {e.username?.message && <span className="error">{t(e.username.message)}</span>}
          </div>
          <div className="field">
            <label htmlFor="staff-role">{t('staff.role')}</label>
            <select id="staff-role" {...form.register('role')}>
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="primary" disabled={create.isPending}>
            {t('staff.create')}
          </button>
          <div style={{ width: '100%' }}>
            <FormError error={create.error} />
          </div>
        </form>
      )}
      {link && <EnrolmentLink link={link} onDismiss={() => setLink(null)} />}
      <FormError error={role.error ?? reenrol.error} />
      <DataTable
        caption={t('nav.staff')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(s) => s.id}
      />
      <ReasonDialog
        open={disabling !== null}
        title={t('staff.disableTitle', { username: disabling?.username ?? '' })}
        confirmLabel={t('staff.disable')}
        danger
        pending={disable.isPending}
        error={disable.error}
        onClose={() => setDisabling(null)}
        onConfirm={(reason) => disabling && disable.mutate({ id: disabling.id, reason })}
      />
    </div>
  );
}
