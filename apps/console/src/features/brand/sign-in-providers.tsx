import {
  SOCIAL_CALLBACK_ROUTE,
  type SocialProviderAdmin,
  type SocialProviderCreate,
  SocialProviderCreateSchema,
} from '@playfront/contract/social';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { wholeNumber } from '../../lib/units.ts';
import { DataTable, NUM, WRAP } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { CheckRow, FormRow, TextInput } from '../../ui/form-row.tsx';
import { createSocialProvider, getSocialProviders, saveSocialProvider } from './api.ts';
import '../../ui/wide-form.css';

const col = createColumnHelper<SocialProviderAdmin>();
const QUERY_KEY = ['social-providers'];
const FIELDS = ['slug', 'displayName', 'issuer', 'clientId', 'clientSecret', 'redirectUri', 'sort'] as const;
type FieldName = (typeof FIELDS)[number];

const onOff = (on: boolean, t: (k: string) => string) => (
  <span className={on ? 'badge ok' : 'badge'}>{t(on ? 'brand.on' : 'brand.off')}</span>
);

/**
 * The brand's OpenID Connect sign-in providers (decision 058): the list, and a form to add or change one. The client
 * secret is write-only: the server answers only whether one is stored, and an empty field keeps it.
 */
export function SignInProvidersCard({ writable, socialOn }: { writable: boolean; socialOn: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<SocialProviderAdmin | 'new' | null>(null);
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: getSocialProviders });
  const columns = useMemo(
    () => [
      col.accessor('displayName', {
        header: () => t('brand.social.displayName'),
        meta: WRAP,
        cell: (c) => (
          <>
            {c.getValue()} <span className="muted">({c.row.original.slug})</span>
          </>
        ),
      }),
      col.accessor('issuer', { header: () => t('brand.social.issuer'), meta: WRAP }),
      col.accessor('hasClientSecret', {
        header: () => t('brand.social.clientSecret'),
        cell: (c) => (
          <span className={c.getValue() ? 'badge ok' : 'badge danger'}>
            {t(c.getValue() ? 'brand.social.secretStored' : 'brand.social.secretMissing')}
          </span>
        ),
      }),
      col.accessor('enabled', { header: () => t('brand.social.signIn'), cell: (c) => onOff(c.getValue(), t) }),
      col.accessor('allowRegistration', { header: () => t('brand.social.registration'), cell: (c) => onOff(c.getValue(), t) }),
      col.accessor('linkedIdentities', { header: () => t('brand.social.linked'), meta: NUM }),
      col.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) =>
          writable ? (
            <button
              type="button"
              onClick={() => setEditing(c.row.original)}
              aria-label={t('brand.social.editOne', { name: c.row.original.displayName })}
            >
              {t('actions.edit')}
            </button>
          ) : null,
      }),
    ],
    [t, writable],
  );
  return (
    <section className="card" aria-labelledby="brand-social-h">
      <h2 id="brand-social-h">{t('brand.social.title')}</h2>
      <p className="muted">{t('brand.social.hint')}</p>
      {!socialOn && (
        <div className="alert" role="note">
          {t('brand.social.featureOff')}
        </div>
      )}
      <DataTable
        caption={t('brand.social.title')}
        columns={columns}
        rows={query.data}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(p) => p.slug}
        emptyText={t('brand.social.none')}
        tools={
          writable ? (
            <button type="button" className="primary" onClick={() => setEditing('new')}>
              {t('brand.social.new')}
            </button>
          ) : undefined
        }
      />
      {editing && (
        <ProviderForm
          provider={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
          }}
        />
      )}
    </section>
  );
}

type Values = Record<FieldName, string> & { enabled: boolean; allowRegistration: boolean };

/** The server's refusals on a field (VALIDATION with fields: an http issuer in production, a missing secret). */
function serverFieldErrors(error: unknown): Partial<Record<FieldName, string>> {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION') return {};
  const fields = (error.body as { fields?: Record<string, unknown> } | undefined)?.fields ?? {};
  return Object.fromEntries(
    Object.keys(fields)
      .filter((k): k is FieldName => (FIELDS as readonly string[]).includes(k))
      .map((k) => [k, `brand.social.errors.${k}`]),
  );
}

function ProviderForm({
  provider: p,
  onClose,
  onSaved,
}: {
  provider: SocialProviderAdmin | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    defaultValues: {
      slug: p?.slug ?? '',
      displayName: p?.displayName ?? '',
      issuer: p?.issuer ?? '',
      clientId: p?.clientId ?? '',
      clientSecret: '',
      redirectUri: p?.redirectUri ?? `${window.location.origin}${SOCIAL_CALLBACK_ROUTE}`,
      sort: String(p?.sort ?? 0),
      enabled: p?.enabled ?? false,
      allowRegistration: p?.allowRegistration ?? false,
    },
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const save = useMutation({
    mutationFn: (body: SocialProviderCreate) => {
      const { slug, ...settings } = body;
      return p ? saveSocialProvider(slug, settings) : createSocialProvider(body);
    },
    onSuccess: onSaved,
  });
  const submit = form.handleSubmit((v) => {
    const secret = v.clientSecret.trim();
    const parsed = SocialProviderCreateSchema.safeParse({
      slug: p ? p.slug : v.slug.trim(),
      displayName: v.displayName,
      issuer: v.issuer.trim(),
      clientId: v.clientId.trim(),
      // Empty keeps the stored secret; a new provider needs one.
      ...(secret ? { clientSecret: secret } : {}),
      redirectUri: v.redirectUri.trim(),
      enabled: v.enabled,
      allowRegistration: v.allowRegistration,
      sort: wholeNumber(v.sort),
    });
    const bad: Partial<Record<FieldName, string>> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as FieldName;
        bad[field] = `brand.social.errors.${field}`;
      }
    if (!p && !secret) bad.clientSecret = 'brand.social.errors.clientSecret';
    setErrors(bad);
    if (parsed.success && Object.keys(bad).length === 0) save.mutate(parsed.data);
  });
  const fromServer = serverFieldErrors(save.error);
  const shown = { ...fromServer, ...errors };
  const input = (name: FieldName, width?: number, hint?: string, type?: 'password' | 'url') => (
    <TextInput
      id={`social-${name}`}
      label={t(`brand.social.${name}`)}
      reg={form.register(name)}
      error={shown[name]}
      hint={hint}
      width={width}
      type={type}
      autoComplete={type === 'password' ? 'new-password' : 'off'}
    />
  );
  return (
    <Dialog open title={p ? t('brand.social.editTitle', { name: p.displayName }) : t('brand.social.createTitle')} onClose={onClose}>
      <form noValidate onSubmit={submit} className="wide-form">
        <div className="two-col">
          {p ? (
            <FormRow id="social-slug" label={t('brand.social.slug')} hint={t('brand.social.slugFixed')}>
              <input id="social-slug" value={p.slug} disabled aria-describedby="social-slug-hint" />
            </FormRow>
          ) : (
            input('slug', undefined, t('brand.social.slugHint'))
          )}
          {input('displayName', undefined, t('brand.social.displayNameHint'))}
          {input('issuer', undefined, t('brand.social.issuerHint'), 'url')}
          {input('clientId')}
          {input('clientSecret', undefined, t(p ? 'brand.social.secretKeepHint' : 'brand.social.secretNewHint'), 'password')}
          {input('redirectUri', undefined, t('brand.social.redirectUriHint'), 'url')}
        </div>
        <div className="row" style={{ marginTop: 10 }}>
          {input('sort', 120)}
          <CheckRow label={t('brand.social.enabled')} reg={form.register('enabled')} />
          <CheckRow label={t('brand.social.allowRegistration')} reg={form.register('allowRegistration')} />
        </div>
        <FormActions pending={save.isPending} error={Object.keys(fromServer).length === 0 ? save.error : null} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
