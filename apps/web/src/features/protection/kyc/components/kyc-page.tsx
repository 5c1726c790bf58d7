import '../../../../ui/styles/member-page.css';
import './kyc.css';
import type { MyKyc } from '@playfront/contract/kyc';
import { KYC_DOCUMENT_KINDS, KYC_MAX_FILE_BYTES, KYC_NAME_MAX, type KycDocumentKind } from '@playfront/contract/kyc-paths';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDigits, useDateFormat } from '../../../../lib/date-format.ts';
import { formatMoney } from '../../../../lib/format.ts';
import { usePermission } from '../../../../lib/permission.ts';
import { useSession } from '../../../../lib/session-store.ts';
import { ErrorAlert, MemberPageFrame } from '../../../../ui/page-states.tsx';
import { useMyKyc } from '../api/get-my-kyc.ts';
import { useSubmitKyc } from '../api/submit-kyc.ts';
import { acceptOf, type FileProblem, fileProblem } from '../lib/kyc-files.ts';

/** The member centre's identity verification page (issue 18): status, the brand's withdrawal rules, the documents. */
export default function KycPage() {
  const { t } = useTranslation('kyc');
  const id = useId();
  const token = useSession((s) => s.token);
  const isTrial = useSession((s) => s.isTrial);
  const kyc = useMyKyc(isTrial ? null : token);
  return (
    <MemberPageFrame id={`${id}-title`} className="kyc-page" title={t('title')} lead={t('lead')}>
      {isTrial ? (
        <p className="wl-state">{t('realAccount')}</p>
      ) : kyc.isPending ? (
        <div className="wl-state" role="status" aria-live="polite">
          <div className="spinner" aria-hidden="true" />
          <span>{t('loading')}</span>
        </div>
      ) : kyc.isError ? (
        <div className="wl-state wl-state-error" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void kyc.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          <StatusCard kyc={kyc.data} />
          <RulesCard kyc={kyc.data} />
          {(kyc.data.status === 'NOT_STARTED' || kyc.data.status === 'REJECTED') && <KycForm token={token} />}
        </>
      )}
    </MemberPageFrame>
  );
}

function StatusCard({ kyc }: { kyc: MyKyc }) {
  const { t } = useTranslation('kyc');
  const { dateTime } = useDateFormat();
  return (
    <section className="kyc-card" aria-live="polite">
      <p className="kyc-status-line">
        <span className="kyc-label">{t('statusLabel')}</span>
        <span className={`kyc-badge kyc-badge-${kyc.status.toLowerCase()}`}>{t(`status.${kyc.status}`)}</span>
      </p>
      <p className="wl-muted">{t(`statusText.${kyc.status}`)}</p>
      {kyc.fullName && kyc.status !== 'NOT_STARTED' && <p className="wl-muted wl-small">{t('sentName', { name: kyc.fullName })}</p>}
      {kyc.submittedAt && <p className="wl-muted wl-small">{t('sentAt', { at: dateTime(kyc.submittedAt) })}</p>}
      {kyc.status === 'REJECTED' && kyc.rejectReason && (
        <p className="kyc-reason" role="alert">
          {t('rejectReason', { reason: kyc.rejectReason })}
        </p>
      )}
    </section>
  );
}

function RulesCard({ kyc }: { kyc: MyKyc }) {
  const { t } = useTranslation('kyc');
  const symbol = usePermission().data?.brand.currencySymbol ?? '';
  const money = (minor: string) => formatMoney(minor, { symbol });
  const { lang } = useDateFormat();
  const rules: string[] = [];
  if (kyc.rules.firstWithdrawal) rules.push(t('rules.first'));
  if (kyc.rules.withdrawalAbove !== null) rules.push(t('rules.above', { amount: money(kyc.rules.withdrawalAbove) }));
  if (kyc.rules.turnoverBps > 0) {
    // Not toLocaleString: a page's first number formatter loads the locale's data, ~100 ms of a phone's main thread.
    const times = localDigits(Number((kyc.rules.turnoverBps / 10_000).toFixed(2)), lang);
    rules.push(t('rules.turnover', { times }));
  }
  if (rules.length === 0) return null;
  return (
    <section className="kyc-card">
      <h3 className="kyc-card-title">{t('rules.title')}</h3>
      <ul className="kyc-rules">
        {rules.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      {kyc.rules.turnoverBps > 0 && (
        <p className={kyc.turnoverLeft === '0' ? 'kyc-ok' : 'kyc-left'}>
          {kyc.turnoverLeft === '0' ? t('rules.turnoverDone') : t('rules.turnoverLeft', { amount: money(kyc.turnoverLeft) })}
        </p>
      )}
    </section>
  );
}

type Files = Partial<Record<KycDocumentKind, File>>;

function KycForm({ token }: { token: string | null }) {
  const { t } = useTranslation('kyc');
  const id = useId();
  const { lang } = useDateFormat();
  const submit = useSubmitKyc(token);
  const [fullName, setFullName] = useState('');
  const [files, setFiles] = useState<Files>({});
  const [problems, setProblems] = useState<Partial<Record<KycDocumentKind, FileProblem>>>({});
  const [tried, setTried] = useState(false);
  const mb = localDigits(Number((KYC_MAX_FILE_BYTES / 1024 / 1024).toFixed(2)), lang);
  const nameMissing = fullName.trim().length < 2;
  const missing = KYC_DOCUMENT_KINDS.filter((k) => !files[k]);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (nameMissing || missing.length > 0 || Object.values(problems).some(Boolean)) return;
    submit.mutate({ fullName: fullName.trim(), files: files as Record<KycDocumentKind, File> });
  };
  return (
    <form className="kyc-card kyc-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="kyc-card-title">
        {t('form.title')}
      </h3>
      <p className="wl-muted wl-small">{t('form.privacy')}</p>
      <div className="kyc-field" data-invalid={tried && nameMissing ? '' : undefined}>
        <label className="kyc-label" htmlFor={`${id}-name`}>
          {t('form.fullName')}
        </label>
        <input
          id={`${id}-name`}
          className="kyc-input"
          value={fullName}
          maxLength={KYC_NAME_MAX}
          autoComplete="name"
          onChange={(e) => setFullName(e.target.value)}
          aria-invalid={tried && nameMissing}
          aria-describedby={`${id}-name-hint`}
        />
        <p id={`${id}-name-hint`} className="kyc-hint">
          {tried && nameMissing ? <span className="kyc-error">{t('form.nameRequired')}</span> : t('form.fullNameHint')}
        </p>
      </div>
      <div className="kyc-docs">
        {KYC_DOCUMENT_KINDS.map((kind) => {
          const problem = problems[kind] ?? (tried && !files[kind] ? 'missing' : null);
          const inputId = `${id}-${kind}`;
          return (
            <div key={kind} className="kyc-field kyc-doc" data-invalid={problem ? '' : undefined}>
              <label className="kyc-label" htmlFor={inputId}>
                {t(`kinds.${kind}`)}
              </label>
              {/* The browser's own file button speaks the browser's language, not the page's: it is hidden and this
                  translated one (a second label of the same input) opens the picker; the input keeps the focus. */}
              <div className="kyc-picker">
                <input
                  id={inputId}
                  className="kyc-file-input"
                  type="file"
                  accept={acceptOf(kind)}
                  {...(kind === 'SELFIE' ? { capture: 'user' as const } : {})}
                  aria-invalid={Boolean(problem)}
                  aria-describedby={`${inputId}-hint`}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    setFiles((f) => {
                      const next = { ...f };
                      if (file) next[kind] = file;
                      else delete next[kind];
                      return next;
                    });
                    setProblems((p) => ({ ...p, [kind]: file ? fileProblem(kind, file) : null }));
                  }}
                />
                <label htmlFor={inputId} className="btn btn-ghost btn-sm kyc-pick" aria-hidden="true">
                  {t('form.choose')}
                </label>
                <span className="kyc-file-name">{files[kind]?.name ?? t('form.noFile')}</span>
              </div>
              <p id={`${inputId}-hint`} className="kyc-hint">
                {problem ? (
                  <span className="kyc-error">{t(`form.problem.${problem}`, { mb })}</span>
                ) : (
                  t(kind === 'SELFIE' ? 'form.selfieHint' : 'form.documentHint', { mb })
                )}
              </p>
            </div>
          );
        })}
      </div>
      <ErrorAlert error={submit.error} className="kyc-alert kyc-alert-error" />
      <div className="kyc-actions">
        <button type="submit" className="btn btn-primary" disabled={submit.isPending}>
          {submit.isPending ? t('form.sending') : t('form.send')}
        </button>
      </div>
    </form>
  );
}
