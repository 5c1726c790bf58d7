import '../../../ui/styles/member-page.css';
import './rewards.css';
import type { LanguageCode } from '@playfront/contract/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { fromI18n } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/permission.ts';

/** Page language (query keys include it), money with the brand's symbol, dates with Latin digits. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang: LanguageCode = fromI18n(i18n.resolvedLanguage ?? i18n.language);
  const symbol = usePermission().data?.brand.currencySymbol ?? '';
  const locale = lang === 'BN' ? 'bn-BD-u-nu-latn' : 'en-GB';
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    lang,
    money: (minor: string | bigint) => formatMoney(minor, { symbol }),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
  };
}

/** The member-centre page frame: its h2 (the menu entry's name), a lead, the content. */
export function RewardsPage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <section className="wl-page rw-page" aria-labelledby="rw-page-title">
      <header className="wl-page-head">
        <h2 id="rw-page-title" className="wl-page-title" tabIndex={-1}>
          {title}
        </h2>
        {lead && <p className="wl-lead">{lead}</p>}
      </header>
      {children}
    </section>
  );
}

export function Loading() {
  const { t } = useTranslation('promotions');
  return (
    <div className="wl-state" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('promotions');
  return (
    <div className="wl-state wl-state-error" role="alert">
      <p>{t('loadFailed')}</p>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

/** A refused call in the member's words (its catalogue key), announced when it appears. */
export function ErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  if (!error) return null;
  return (
    <p role="alert" className="rw-alert rw-alert-error">
      {error instanceof ApiError ? (t(error.messageKey as never) as string) : t('unknown')}
    </p>
  );
}
