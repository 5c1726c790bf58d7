import type { OperatorKey, OperatorKeySecret } from '@playfront/contract/console-backoffice';
import { OPERATOR_SCOPES, type OperatorScope } from '@playfront/contract/console-backoffice-paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format.ts';
import { DataTable, WRAP } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { FormError } from '../../ui/states.tsx';
import { createKey, listKeys, revokeKey, rotateKey } from './api.ts';

const col = createColumnHelper<OperatorKey>();

/**
 * Operator API keys for machine automation (/ops/*), owners only: each with its scopes, created and rotated with the
 * key shown once, revoked at once. The env key of the installation stays the bootstrap key with every scope.
 */
export default function KeysScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: ['operator-keys'], queryFn: listKeys });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<OperatorKey | null>(null);
  const [shown, setShown] = useState<OperatorKeySecret | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['operator-keys'] });
  const rotate = useMutation({
    mutationFn: rotateKey,
    onSuccess: (s) => {
      setShown(s);
      refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => revokeKey(id, reason),
    onSuccess: () => {
      setRevoking(null);
      refresh();
    },
  });
  const columns = useMemo(
    () => [
      col.accessor('label', { header: () => t('backoffice.keyLabel') }),
      col.accessor('prefix', { header: () => t('backoffice.keyPrefix'), cell: (c) => <code>{c.getValue()}…</code> }),
      col.accessor('scopes', {
        header: () => t('backoffice.scopes'),
        meta: WRAP,
        cell: (c) =>
          c
            .getValue()
            .map((s) => t(`backoffice.scope.${s}`))
            .join(', '),
      }),
      col.display({
        id: 'created',
        header: () => t('members.createdAt'),
        cell: (c) => `${formatTime(c.row.original.createdAt)}${c.row.original.createdBy ? ` · ${c.row.original.createdBy}` : ''}`,
      }),
      col.accessor('lastUsedAt', { header: () => t('backoffice.lastUsed'), cell: (c) => formatTime(c.getValue()) }),
      col.accessor('revokedAt', {
        header: () => t('cols.status'),
        cell: (c) =>
          c.getValue() ? (
            <span className="badge danger">{t('backoffice.revokedAt', { at: formatTime(c.getValue()) })}</span>
          ) : (
            <span className="badge ok">{t('backoffice.live')}</span>
          ),
      }),
      col.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) => {
          const k = c.row.original;
          if (k.revokedAt) return null;
          return (
            <div className="row nowrap">
              <button
                type="button"
                disabled={rotate.isPending}
                onClick={() => rotate.mutate(k.id)}
                aria-label={t('backoffice.rotateKey', { label: k.label })}
              >
                {t('backoffice.rotate')}
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => setRevoking(k)}
                aria-label={t('backoffice.revokeKey', { label: k.label })}
              >
                {t('backoffice.revoke')}
              </button>
            </div>
          );
        },
      }),
    ],
    [t, rotate],
  );
  return (
    <div className="stack">
      <h1>{t('nav.keys')}</h1>
      <p className="muted">{t('backoffice.keysIntro')}</p>
      <div className="row">
        <span className="spacer" />
        <button type="button" className="primary" onClick={() => setCreating(true)}>
          {t('backoffice.newKey')}
        </button>
      </div>
      <FormError error={rotate.error} />
      <DataTable
        caption={t('nav.keys')}
        columns={columns}
        rows={keys.data?.list}
        isLoading={keys.isLoading}
        error={keys.error}
        onRetry={() => void keys.refetch()}
        rowKey={(k) => k.id}
        emptyText={t('backoffice.noKeys')}
      />
      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onDone={(s) => {
            setCreating(false);
            setShown(s);
            refresh();
          }}
        />
      )}
      {shown && <SecretDialog secret={shown} onClose={() => setShown(null)} />}
      <ReasonDialog
        open={revoking !== null}
        title={t('backoffice.revokeKey', { label: revoking?.label ?? '' })}
        confirmLabel={t('backoffice.revoke')}
        danger
        pending={revoke.isPending}
        error={revoke.error}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
        onConfirm={(reason) => revoking && revoke.mutate({ id: revoking.id, reason })}
      />
    </div>
  );
}

function CreateKeyDialog({ onClose, onDone }: { onClose: () => void; onDone: (s: OperatorKeySecret) => void }) {
  const { t } = useTranslation();
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<OperatorScope[]>([]);
  const [errors, setErrors] = useState<{ label?: boolean; scopes?: boolean }>({});
  const create = useMutation({ mutationFn: () => createKey({ label: label.trim(), scopes }), onSuccess: onDone });
  return (
    <Dialog open title={t('backoffice.newKey')} onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const next = { label: !label.trim(), scopes: scopes.length === 0 };
          setErrors(next);
          if (!next.label && !next.scopes) create.mutate();
        }}
      >
        <div className="field">
          <label htmlFor="key-label">{t('backoffice.keyLabel')}</label>
          <input id="key-label" maxLength={80} value={label} onChange={(e) => setLabel(e.target.value)} aria-invalid={errors.label} />
          {errors.label && <span className="error">{t('backoffice.keyLabelRequired')}</span>}
        </div>
        <fieldset className="field" style={{ border: 0, padding: 0 }} aria-invalid={errors.scopes}>
          <legend>{t('backoffice.scopes')}</legend>
          <div className="scope-grid">
            {OPERATOR_SCOPES.map((s) => (
              <label key={s}>
                <input
                  type="checkbox"
                  checked={scopes.includes(s)}
                  onChange={(e) => setScopes(e.target.checked ? [...scopes, s] : scopes.filter((x) => x !== s))}
                />{' '}
                {t(`backoffice.scope.${s}`)}
              </label>
            ))}
          </div>
          {errors.scopes && <span className="error">{t('backoffice.scopesRequired')}</span>}
        </fieldset>
        <FormError error={create.error} />
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {t('actions.cancel')}
          </button>
          <button type="submit" className="primary" disabled={create.isPending}>
            {t('backoffice.createKey')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function SecretDialog({ secret, onClose }: { secret: OperatorKeySecret; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open title={t('backoffice.keyShownOnce', { label: secret.key.label })} onClose={onClose}>
      <div className="alert warn" role="status">
        {t('backoffice.keyShownOnceText')}
      </div>
      <div className="field">
        <label htmlFor="key-secret">{t('backoffice.keySecret')}</label>
        <input id="key-secret" readOnly value={secret.secret} onFocus={(e) => e.target.select()} className="mono" />
      </div>
      {copied && (
        <p className="muted" role="status">
          {t('backoffice.copied')}
        </p>
      )}
      <div className="dialog-actions">
        <button
          type="button"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(secret.secret)
              .then(() => setCopied(true))
              .catch(() => setCopied(false))
          }
        >
          {t('backoffice.copy')}
        </button>
        <button type="button" className="primary" onClick={onClose}>
          {t('backoffice.keyStored')}
        </button>
      </div>
    </Dialog>
  );
}
