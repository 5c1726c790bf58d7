import type { BrandSettings, DepositChannel, RegistrationRule } from '@playfront/contract/console-content';
import { FEATURE_FLAGS, WHITELABEL_FLAGS } from '@playfront/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, parseAmountToMinor } from '../../lib/format.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { ErrorState, FormError, Loading } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import {
  addRegion,
  createChannel,
  getBrandSettings,
  removeRegion,
  saveChannel,
  saveFlags,
  saveHosts,
  saveMaintenance,
  saveRegistration,
} from './api.ts';
import { SignInProvidersCard } from './sign-in-providers.tsx';
import '../content/content.css';

const DOMAIN_PURPOSES = ['main', 'agent', 'app', 'backup'] as const;

/** A save button with its outcome announced (saved / the server's refusal). */
function SaveRow({ pending, done, error, disabled }: { pending: boolean; done: boolean; error: unknown; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <FormError error={error} />
      <div className="row" style={{ marginTop: 10 }}>
        <button type="submit" className="primary" disabled={pending || disabled}>
          {t('actions.save')}
        </button>
        <span role="status" className="muted">
          {done && !pending && !error ? t('brand.saved') : ''}
        </span>
      </div>
    </>
  );
}

/** A mutation whose answer is the whole settings view: the page's data is replaced with it. */
function useSettingsMutation<I>(fn: (input: I) => Promise<BrandSettings>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (data) => queryClient.setQueryData(['brand-settings'], data) });
}

function MaintenanceCard({ s, writable }: { s: BrandSettings; writable: boolean }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(s.maintenance);
  const [message, setMessage] = useState(s.maintenanceMessage);
  const m = useSettingsMutation(saveMaintenance);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    m.mutate({ maintenance: on, message });
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="brand-maintenance-h">
      <h2 id="brand-maintenance-h">
        {t('brand.maintenance.title')}{' '}
        <span className={`badge${s.maintenance ? ' danger' : ' ok'}`}>
          {t(s.maintenance ? 'brand.maintenance.on' : 'brand.maintenance.off')}
        </span>
      </h2>
      <p className="muted">{t('brand.maintenance.hint')}</p>
      <label className="check">
        <input type="checkbox" checked={on} disabled={!writable} onChange={(e) => setOn(e.target.checked)} />{' '}
        {t('brand.maintenance.switch')}
      </label>
      <div className="two-col" style={{ marginTop: 8 }}>
        {(['EN', 'BN'] as const).map((lang) => (
          <div className="field" key={lang} lang={lang.toLowerCase()}>
            <label htmlFor={`maintenance-${lang}`}>{t('brand.maintenance.message', { lang: t(`content.lang.${lang}`) })}</label>
            <textarea
              id={`maintenance-${lang}`}
              maxLength={500}
              value={message[lang]}
              disabled={!writable}
              onChange={(e) => setMessage({ ...message, [lang]: e.target.value })}
            />
          </div>
        ))}
      </div>
      {writable && <SaveRow pending={m.isPending} done={m.isSuccess} error={m.error} />}
    </form>
  );
}

function FlagsCard({ s, writable }: { s: BrandSettings; writable: boolean }) {
  const { t } = useTranslation();
  const [flags, setFlags] = useState(s.flags);
  const [features, setFeatures] = useState(s.features);
  const m = useSettingsMutation(saveFlags);
  return (
    <form
      className="card"
      aria-labelledby="brand-flags-h"
      onSubmit={(e) => {
        e.preventDefault();
        m.mutate({ flags, features });
      }}
    >
      <h2 id="brand-flags-h">{t('brand.flags.title')}</h2>
      <fieldset>
        <legend>{t('brand.flags.whitelabel')}</legend>
        <div className="setting-grid">
          {WHITELABEL_FLAGS.map((f) => (
            <label className="check" key={f}>
              <input
                type="checkbox"
                checked={flags[f] ?? false}
                disabled={!writable}
                onChange={(e) => setFlags({ ...flags, [f]: e.target.checked })}
              />{' '}
              {t(`brand.flagNames.${f}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('brand.flags.features')}</legend>
        <div className="setting-grid">
          {FEATURE_FLAGS.map((f) => (
            <label className="check" key={f}>
              <input
                type="checkbox"
                checked={features[f] ?? false}
                disabled={!writable}
                onChange={(e) => setFeatures({ ...features, [f]: e.target.checked })}
              />{' '}
              {t(`brand.featureNames.${f}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {writable && <SaveRow pending={m.isPending} done={m.isSuccess} error={m.error} />}
    </form>
  );
}

function RegionsCard({ s, writable }: { s: BrandSettings; writable: boolean }) {
  const { t } = useTranslation();
  const [cidr, setCidr] = useState('');
  const [label, setLabel] = useState('');
  const add = useSettingsMutation(addRegion);
  const remove = useSettingsMutation(removeRegion);
  return (
    <section className="card" aria-labelledby="brand-regions-h">
      <h2 id="brand-regions-h">{t('brand.regions.title')}</h2>
      <p className="muted">{t('brand.regions.hint')}</p>
      <div className="table-wrap">
        <table className="data">
          <caption className="visually-hidden">{t('brand.regions.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('brand.regions.cidr')}</th>
              <th scope="col">{t('brand.regions.label')}</th>
              <th scope="col">{t('cols.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {s.regions.length === 0 && (
              <tr>
                <td colSpan={3} className="muted">
                  {t('brand.regions.none')}
                </td>
              </tr>
            )}
            {s.regions.map((r) => (
              <tr key={r.id}>
                <td>
                  <code>{r.cidr}</code>
                </td>
                <td>{r.label}</td>
                <td>
                  {writable && (
                    <button
                      type="button"
                      className="danger"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(r.id)}
                      aria-label={t('brand.regions.remove', { cidr: r.cidr })}
                    >
                      {t('actions.delete')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormError error={remove.error} />
      {writable && (
        <form
          className="row"
          style={{ marginTop: 10 }}
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate(
              { cidr, label },
              {
                onSuccess: () => {
                  setCidr('');
                  setLabel('');
                },
              },
            );
          }}
        >
          <div className="field">
            <label htmlFor="region-cidr">{t('brand.regions.cidr')}</label>
            <input
              id="region-cidr"
              placeholder="203.0.113.0/24"
              value={cidr}
              onChange={(e) => setCidr(e.target.value)}
              required
              maxLength={50}
            />
          </div>
          <div className="field">
            <label htmlFor="region-label">{t('brand.regions.label')}</label>
            <input id="region-label" value={label} onChange={(e) => setLabel(e.target.value)} required maxLength={100} />
          </div>
          <button type="submit" className="primary" disabled={add.isPending} style={{ alignSelf: 'flex-end' }}>
            {t('brand.regions.add')}
          </button>
          <div style={{ flexBasis: '100%' }}>
            <FormError error={add.error} />
          </div>
        </form>
      )}
    </section>
  );
}

function RegistrationCard({ s, writable }: { s: BrandSettings; writable: boolean }) {
  const { t } = useTranslation();
  const [rules, setRules] = useState<RegistrationRule[]>(s.registration);
  useEffect(() => setRules(s.registration), [s.registration]);
  const m = useSettingsMutation(saveRegistration);
  const patch = (i: number, p: Partial<RegistrationRule>) => setRules(rules.map((r, j) => (j === i ? { ...r, ...p } : r)));
  return (
    <form
      className="card"
      aria-labelledby="brand-registration-h"
      onSubmit={(e) => {
        e.preventDefault();
        m.mutate(rules);
      }}
    >
      <h2 id="brand-registration-h">{t('brand.registration.title')}</h2>
      <p className="muted">{t('brand.registration.hint')}</p>
      <div className="table-wrap">
        <table className="data">
          <caption className="visually-hidden">{t('brand.registration.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('brand.registration.field')}</th>
              <th scope="col">{t('brand.registration.show')}</th>
              <th scope="col">{t('brand.registration.required')}</th>
              <th scope="col">{t('brand.registration.pattern')}</th>
              <th scope="col">{t('brand.registration.min')}</th>
              <th scope="col">{t('brand.registration.max')}</th>
            </tr>
          </thead>
          <tbody>
            {rules.map((r, i) => (
              <tr key={r.field}>
                <th scope="row">
                  <code>{r.field}</code>
                </th>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('brand.registration.showOf', { field: r.field })}
                    checked={r.show}
                    disabled={!writable}
                    onChange={(e) => patch(i, { show: e.target.checked, ...(e.target.checked ? {} : { required: false }) })}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('brand.registration.requiredOf', { field: r.field })}
                    checked={r.required}
                    disabled={!writable || !r.show}
                    onChange={(e) => patch(i, { required: e.target.checked })}
                  />
                </td>
                <td>
                  <select
                    aria-label={t('brand.registration.patternOf', { field: r.field })}
                    value={r.patternId}
                    disabled={!writable}
                    onChange={(e) => patch(i, { patternId: e.target.value })}
                    title={s.patterns[r.patternId] ?? ''}
                  >
                    {Object.keys(s.patterns).map((p) => (
                      <option key={p} value={p}>
                        {p}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <input
                    className="inline-input"
                    type="number"
                    min={0}
                    max={255}
                    aria-label={t('brand.registration.minOf', { field: r.field })}
                    value={r.minLength}
                    disabled={!writable}
                    onChange={(e) => patch(i, { minLength: Number(e.target.value) })}
                  />
                </td>
                <td>
                  <input
                    className="inline-input"
                    type="number"
                    min={1}
                    max={255}
                    aria-label={t('brand.registration.maxOf', { field: r.field })}
                    value={r.maxLength}
                    disabled={!writable}
                    onChange={(e) => patch(i, { maxLength: Number(e.target.value) })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {writable && <SaveRow pending={m.isPending} done={m.isSuccess} error={m.error} />}
    </form>
  );
}

/** Edits a channel, or makes a new one (channel null: code and gateway too, decision 059). */
function ChannelDialog({ channel, gateways, onClose }: { channel: DepositChannel | null; gateways: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(channel?.name ?? '');
  const [nameBn, setNameBn] = useState(channel?.nameBn ?? '');
  const [min, setMin] = useState(channel ? formatMinor(channel.minAmount).replace(/,/g, '') : '');
  const [max, setMax] = useState(channel ? formatMinor(channel.maxAmount).replace(/,/g, '') : '');
  const [sort, setSort] = useState(channel?.sort ?? 0);
  const [active, setActive] = useState(channel?.active ?? true);
  const [code, setCode] = useState('');
  const [gateway, setGateway] = useState(gateways[0] ?? '');
  const [local, setLocal] = useState<string | null>(null);
  const m = useSettingsMutation((input: Parameters<typeof saveChannel>[1]) =>
    channel ? saveChannel(channel.id, input) : createChannel({ ...input, code: code.trim().toUpperCase(), gateway }),
  );
  return (
    <Dialog open title={channel ? t('brand.channels.edit', { name: channel.name }) : t('brand.channels.create')} onClose={onClose}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          const minAmount = parseAmountToMinor(min);
          const maxAmount = parseAmountToMinor(max);
          if (!minAmount || !maxAmount || BigInt(minAmount) <= 0n || BigInt(minAmount) > BigInt(maxAmount)) {
            setLocal(t('brand.channels.limitsInvalid'));
            return;
          }
          if (!channel && !/^[A-Za-z0-9_]{1,32}$/.test(code.trim())) {
            setLocal(t('brand.channels.codeInvalid'));
            return;
          }
          setLocal(null);
          m.mutate({ name, nameBn, minAmount, maxAmount, sort, active }, { onSuccess: onClose });
        }}
      >
        <div className="two-col">
          {!channel && (
            <>
              <div className="field">
                <label htmlFor="channel-code">{t('brand.channels.code')}</label>
                <input
                  id="channel-code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  required
                  maxLength={32}
                  aria-describedby="channel-code-hint"
                />
                <span id="channel-code-hint" className="hint">
                  {t('brand.channels.codeHint')}
                </span>
              </div>
              <div className="field">
                <label htmlFor="channel-gateway">{t('brand.channels.gateway')}</label>
                <select id="channel-gateway" value={gateway} onChange={(e) => setGateway(e.target.value)} required>
                  {gateways.map((g) => (
                    <option key={g} value={g}>
                      {g}
                    </option>
                  ))}
                </select>
              </div>
            </>
          )}
          <div className="field">
            <label htmlFor="channel-name">{t('brand.channels.name')}</label>
            <input id="channel-name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={60} />
          </div>
          <div className="field" lang="bn">
            <label htmlFor="channel-name-bn">{t('brand.channels.nameBn')}</label>
            <input id="channel-name-bn" value={nameBn} onChange={(e) => setNameBn(e.target.value)} required maxLength={60} />
          </div>
          <div className="field">
            <label htmlFor="channel-min">{t('brand.channels.min')}</label>
            <input id="channel-min" inputMode="decimal" value={min} onChange={(e) => setMin(e.target.value)} required />
          </div>
          <div className="field">
            <label htmlFor="channel-max">{t('brand.channels.max')}</label>
            <input id="channel-max" inputMode="decimal" value={max} onChange={(e) => setMax(e.target.value)} required />
          </div>
          <div className="field">
            <label htmlFor="channel-sort">{t('content.sort')}</label>
            <input id="channel-sort" type="number" min={0} max={10000} value={sort} onChange={(e) => setSort(Number(e.target.value))} />
          </div>
          <label className="check">
            <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> {t('brand.channels.active')}
          </label>
        </div>
        {local && (
          <div className="alert error" role="alert">
            {local}
          </div>
        )}
        <FormError error={m.error} />
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {t('actions.cancel')}
          </button>
          <button type="submit" className="primary" disabled={m.isPending}>
            {t('actions.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ChannelsCard({ s, writable }: { s: BrandSettings; writable: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<DepositChannel | null>(null);
  const [creating, setCreating] = useState(false);
  return (
    <section className="card" aria-labelledby="brand-channels-h">
      <div className="row" style={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <h2 id="brand-channels-h">{t('brand.channels.title')}</h2>
        {writable && (
          <button type="button" className="primary" onClick={() => setCreating(true)} disabled={s.gateways.length === 0}>
            {t('brand.channels.create')}
          </button>
        )}
      </div>
      {writable && s.gateways.length === 0 && <p className="muted">{t('brand.channels.noGateway')}</p>}
      <div className="table-wrap">
        <table className="data">
          <caption className="visually-hidden">{t('brand.channels.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('brand.channels.name')}</th>
              <th scope="col">{t('brand.channels.gateway')}</th>
              <th scope="col" className="num">
                {t('brand.channels.min')}
              </th>
              <th scope="col" className="num">
                {t('brand.channels.max')}
              </th>
              <th scope="col">{t('cols.status')}</th>
              <th scope="col">{t('cols.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {s.channels.length === 0 && (
              <tr>
                <td colSpan={6} className="muted">
                  {t('brand.channels.none')}
                </td>
              </tr>
            )}
            {s.channels.map((c) => (
              <tr key={c.id}>
                <td>
                  {c.name} <span lang="bn">/ {c.nameBn}</span>
                </td>
                <td>
                  <code>{c.gateway}</code>
                </td>
                <td className="num">{formatMinor(c.minAmount)}</td>
                <td className="num">{formatMinor(c.maxAmount)}</td>
                <td>
                  <span className={`badge${c.active ? ' ok' : ''}`}>{t(c.active ? 'brand.on' : 'brand.off')}</span>
                </td>
                <td>
                  {writable && (
                    <button type="button" onClick={() => setEditing(c)} aria-label={t('brand.channels.edit', { name: c.name })}>
                      {t('actions.edit')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && <ChannelDialog channel={editing} gateways={s.gateways} onClose={() => setEditing(null)} />}
      {creating && <ChannelDialog channel={null} gateways={s.gateways} onClose={() => setCreating(false)} />}
    </section>
  );
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

function HostsCard({ s, writable }: { s: BrandSettings; writable: boolean }) {
  const { t } = useTranslation();
  const [mainDomain, setMainDomain] = useState(s.mainDomain);
  const [imageCdns, setImageCdns] = useState(s.imageCdns.join('\n'));
  const [launchCdns, setLaunchCdns] = useState(s.launchCdns.join('\n'));
  const [domains, setDomains] = useState(s.domains);
  const m = useSettingsMutation(saveHosts);
  return (
    <form
      className="card"
      aria-labelledby="brand-hosts-h"
      onSubmit={(e) => {
        e.preventDefault();
        m.mutate({ mainDomain, imageCdns: lines(imageCdns), launchCdns: lines(launchCdns), domains });
      }}
    >
      <h2 id="brand-hosts-h">{t('brand.hosts.title')}</h2>
      <div className="field">
        <label htmlFor="hosts-main">{t('brand.hosts.mainDomain')}</label>
        <input id="hosts-main" value={mainDomain} disabled={!writable} onChange={(e) => setMainDomain(e.target.value)} required />
      </div>
      <div className="two-col">
        <div className="field">
          <label htmlFor="hosts-image">{t('brand.hosts.imageHosts')}</label>
          <textarea
            id="hosts-image"
            value={imageCdns}
            disabled={!writable}
            onChange={(e) => setImageCdns(e.target.value)}
            aria-describedby="hosts-hint"
          />
        </div>
        <div className="field">
          <label htmlFor="hosts-launch">{t('brand.hosts.launchHosts')}</label>
          <textarea
            id="hosts-launch"
            value={launchCdns}
            disabled={!writable}
            onChange={(e) => setLaunchCdns(e.target.value)}
            aria-describedby="hosts-hint"
          />
        </div>
      </div>
      <p id="hosts-hint" className="hint muted">
        {t('brand.hosts.hostsHint')}
      </p>
      <fieldset>
        <legend>{t('brand.hosts.domains')}</legend>
        {domains.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; a domain may be blank while typed
          <div className="row" key={i}>
            <div className="field">
              <label htmlFor={`domain-${i}`}>{t('brand.hosts.domain')}</label>
              <input
                id={`domain-${i}`}
                value={d.domain}
                disabled={!writable}
                onChange={(e) => setDomains(domains.map((x, j) => (j === i ? { ...x, domain: e.target.value } : x)))}
              />
            </div>
            <div className="field">
              <label htmlFor={`domain-purpose-${i}`}>{t('brand.hosts.purpose')}</label>
              <select
                id={`domain-purpose-${i}`}
                value={d.purpose}
                disabled={!writable}
                onChange={(e) =>
                  setDomains(domains.map((x, j) => (j === i ? { ...x, purpose: e.target.value as (typeof DOMAIN_PURPOSES)[number] } : x)))
                }
              >
                {DOMAIN_PURPOSES.map((p) => (
                  <option key={p} value={p}>
                    {t(`brand.hosts.purposes.${p}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`domain-path-${i}`}>{t('brand.hosts.path')}</label>
              <input
                id={`domain-path-${i}`}
                value={d.path}
                disabled={!writable}
                onChange={(e) => setDomains(domains.map((x, j) => (j === i ? { ...x, path: e.target.value } : x)))}
              />
            </div>
            {writable && (
              <button
                type="button"
                className="danger"
                style={{ alignSelf: 'flex-end' }}
                onClick={() => setDomains(domains.filter((_, j) => j !== i))}
                aria-label={t('brand.hosts.removeDomain', { domain: d.domain })}
              >
                {t('actions.delete')}
              </button>
            )}
          </div>
        ))}
        {writable && (
          <button type="button" onClick={() => setDomains([...domains, { domain: '', purpose: 'backup', path: '' }])}>
            {t('brand.hosts.addDomain')}
          </button>
        )}
      </fieldset>
      {writable && <SaveRow pending={m.isPending} done={m.isSuccess} error={m.error} />}
    </form>
  );
}

/** Brand settings (issue 17): maintenance, flags, regions, registration rules, payment channels, domains and hosts, sign-in providers. */
export default function BrandScreen() {
  const { t } = useTranslation();
  const writable = useCan()('brand.write');
  const query = useQuery({ queryKey: ['brand-settings'], queryFn: getBrandSettings });
  const s = query.data;
  return (
    <div className="stack">
      <h1>
        {t('nav.brand')}
        {s ? <span className="muted"> · {s.name}</span> : null}
      </h1>
      {query.isLoading && <Loading />}
      {query.error ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      {s && (
        <>
          <MaintenanceCard s={s} writable={writable} />
          <FlagsCard s={s} writable={writable} />
          <RegionsCard s={s} writable={writable} />
          <RegistrationCard s={s} writable={writable} />
          <ChannelsCard s={s} writable={writable} />
          <HostsCard s={s} writable={writable} />
          <SignInProvidersCard writable={writable} socialOn={s.features.SOCIAL_LOGIN ?? false} />
        </>
      )}
    </div>
  );
}
