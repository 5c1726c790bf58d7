import '../../../ui/styles/member-page.css';
import './referral.css';
import type { Invitee, ReferralSummary } from '@playfront/contract/referral';
import { REFERRAL_SHARE_NETWORKS, shareUrl } from '@playfront/contract/referral-paths';
import { QRCodeSVG } from 'qrcode.react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { formatMoney } from '../../../lib/format.ts';
import { usePermission } from '../../../lib/permission.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { Icon } from '../../../ui/icons/icon.tsx';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { useReferralSummary } from '../api/get-referral-summary.ts';

/**
 * The member centre's referral page (issue 15): my link with Copy, its QR code, share buttons for the right bar's
 * networks, the members I invited (masked; a table, a card per member on phones) and the rewards earned. The page
 * is only in the menu where the brand runs the referral promo; opened anyway, the server's refusal is shown.
 */
export default function ReferralPage() {
  const { t } = useTranslation('referral');
  const token = useSession((s) => s.token);
  const [pageNo, setPageNo] = useState(1);
  const summary = useReferralSummary(token, pageNo);
  const id = useId();

  return (
    <section className="wl-page rf-page" aria-labelledby={`${id}-title`}>
      <header className="wl-page-head">
        <h2 id={`${id}-title`} className="wl-page-title" tabIndex={-1}>
          {t('title')}
        </h2>
        <p className="wl-lead">{t('lead')}</p>
      </header>
      {summary.isPending ? (
        <div className="wl-state" role="status" aria-live="polite">
          <div className="spinner" aria-hidden="true" />
          <span>{t('loading')}</span>
        </div>
      ) : summary.isError ? (
        <LoadError error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <>
          <LinkCard summary={summary.data} />
          <Invitees summary={summary.data} onPage={setPageNo} loading={summary.isFetching} />
          <Rewards summary={summary.data} />
        </>
      )}
    </section>
  );
}

function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('referral');
  const { t: te } = useTranslation('errors');
  // A refusal (referral off for the brand, a trial account) is final; only a failed load is worth retrying.
  if (error instanceof ApiError && error.status < 500 && error.code !== 'NETWORK') {
    return (
      <div className="wl-state wl-state-error" role="alert">
        <p>{te(error.messageKey as never) as string}</p>
      </div>
    );
  }
  return (
    <div className="wl-state wl-state-error" role="alert">
      <p>{t('loadFailed')}</p>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

function LinkCard({ summary }: { summary: ReferralSummary }) {
  const { t } = useTranslation('referral');
  const id = useId();
  const [copied, setCopied] = useState<'link' | 'code' | 'failed' | null>(null);
  const copy = async (what: 'link' | 'code', text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
    } catch {
      setCopied('failed');
    }
  };
  const shareText = t('shareText');
  return (
    <section className="rf-card rf-link-card" aria-labelledby={`${id}-link-title`}>
      <h3 id={`${id}-link-title`} className="rf-card-title">
        {t('link.title')}
      </h3>
      <div className="rf-link-body">
        <div className="rf-qr">
          <QRCodeSVG value={summary.link} size={152} marginSize={2} title={t('link.qr')} bgColor="#ffffff" fgColor="#111111" />
        </div>
        <div className="rf-link-fields">
          <div className="rf-field">
            <label htmlFor={`${id}-link`}>{t('link.label')}</label>
            <span className="rf-inline">
              <input id={`${id}-link`} className="rf-input" readOnly value={summary.link} onFocus={(e) => e.currentTarget.select()} />
              <button type="button" className="btn btn-primary btn-sm" onClick={() => void copy('link', summary.link)}>
                {t('link.copy')}
              </button>
            </span>
          </div>
          <div className="rf-field">
            <label htmlFor={`${id}-code`}>{t('link.code')}</label>
            <span className="rf-inline">
              <input
                id={`${id}-code`}
                className="rf-input rf-code"
                readOnly
                value={summary.code}
                onFocus={(e) => e.currentTarget.select()}
              />
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copy('code', summary.code)}>
                {t('link.copy')}
              </button>
            </span>
          </div>
          <p className="wl-small rf-copied" role="status" aria-live="polite">
            {copied === 'link'
              ? t('link.copiedLink')
              : copied === 'code'
                ? t('link.copiedCode')
                : copied === 'failed'
                  ? t('link.copyFailed')
                  : ''}
          </p>
          <fieldset className="rf-share">
            <legend className="visually-hidden">{t('share.label')}</legend>
            {REFERRAL_SHARE_NETWORKS.map((network) => (
              <a
                key={network}
                className={`btn btn-ghost btn-sm rf-share-${network}`}
                href={shareUrl(network, summary.link, shareText)}
                target="_blank"
                rel="noopener noreferrer"
              >
                <Icon name={network} size={18} />
                <span>{t(`share.${network}`)}</span>
                <span className="visually-hidden">{t('share.newTab')}</span>
              </a>
            ))}
          </fieldset>
        </div>
      </div>
    </section>
  );
}

/** The sign-up date in the page language, by the site's one rule (lib/date-format.ts). */
function useJoinedFormat() {
  return useDateFormat().date;
}

/** Invitees carry no id (nothing about them is given away); sign-up time and masked name tell rows apart. */
const inviteeKey = (i: Invitee) => `${i.joinedAt}-${i.maskedName}`;

function Invitees({ summary, onPage, loading }: { summary: ReferralSummary; onPage: (page: number) => void; loading: boolean }) {
  const { t } = useTranslation('referral');
  const id = useId();
  const phone = useMediaQuery('(max-width: 599.98px)');
  const joined = useJoinedFormat();
  const { list, total, pageNo, pageSize } = summary.invitees;
  const statusText = (i: Invitee) => t(`invitees.status.${i.status}`);
  return (
    <section className="rf-card" aria-labelledby={`${id}-title`} aria-busy={loading}>
      <h3 id={`${id}-title`} className="rf-card-title">
        {t('invitees.title')}
      </h3>
      <dl className="rf-stats">
        <div>
          <dt>{t('invitees.invited')}</dt>
          <dd>{summary.invitedCount}</dd>
        </div>
        <div>
          <dt>{t('invitees.active')}</dt>
          <dd>{summary.activeCount}</dd>
        </div>
      </dl>
      {list.length === 0 ? (
        <p className="wl-state">{t('invitees.empty')}</p>
      ) : phone ? (
        <ul className="rf-invitee-cards">
          {list.map((i) => (
            <li key={inviteeKey(i)} className="rf-invitee-card">
              <span className="rf-invitee-name">{i.maskedName}</span>
              <span className={`rf-status rf-status-${i.status}`}>{statusText(i)}</span>
              <span className="wl-muted wl-small">{t('invitees.joinedOn', { date: joined(i.joinedAt) })}</span>
            </li>
          ))}
        </ul>
      ) : (
        <table className="rf-table">
          <caption className="visually-hidden">{t('invitees.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('invitees.member')}</th>
              <th scope="col">{t('invitees.joined')}</th>
              <th scope="col">{t('invitees.statusLabel')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((i) => (
              <tr key={inviteeKey(i)}>
                <td className="rf-invitee-name">{i.maskedName}</td>
                <td>{joined(i.joinedAt)}</td>
                <td>
                  <span className={`rf-status rf-status-${i.status}`}>{statusText(i)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Paginator page={pageNo} totalPages={Math.ceil(total / pageSize)} onChange={onPage} label={t('invitees.pages')} />
    </section>
  );
}

function Rewards({ summary }: { summary: ReferralSummary }) {
  const { t } = useTranslation('referral');
  const id = useId();
  const symbol = usePermission().data?.brand.currencySymbol ?? '';
  const joined = useJoinedFormat();
  const { rewards } = summary;
  return (
    <section className="rf-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="rf-card-title">
        {t('rewards.title')}
      </h3>
      {rewards.rule && (
        <p className="rf-reward-rule">
          {BigInt(rewards.rule.minFirstDeposit) > 0n
            ? t('rewards.ruleDeposit', {
                reward: formatMoney(rewards.rule.rewardAmount, { symbol }),
                deposit: formatMoney(rewards.rule.minFirstDeposit, { symbol }),
              })
            : t('rewards.ruleAnyDeposit', { reward: formatMoney(rewards.rule.rewardAmount, { symbol }) })}
          {BigInt(rewards.rule.minTurnover) > 0n &&
            ` ${t('rewards.ruleTurnover', { turnover: formatMoney(rewards.rule.minTurnover, { symbol }) })}`}
        </p>
      )}
      <p className="rf-reward-total">
        <span>{t('rewards.total')}</span>
        <strong>{formatMoney(rewards.total, { symbol })}</strong>
      </p>
      {rewards.list.length === 0 ? (
        <p className="wl-muted">{t('rewards.empty')}</p>
      ) : (
        <ul className="rf-rewards">
          {rewards.list.map((r) => (
            <li key={`${r.time}-${r.maskedName}-${r.amount}`}>
              <span>
                {r.title}
                <span className="wl-muted wl-small"> · {t('rewards.from', { name: r.maskedName })}</span>
              </span>
              <span className="wl-muted wl-small">{joined(r.time)}</span>
              <strong>{formatMoney(r.amount, { symbol })}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
