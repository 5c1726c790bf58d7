import { zodResolver } from '@hookform/resolvers/zod';
import type { TwoStepSetup } from '@playfront/contract/security';
import { QRCodeSVG } from 'qrcode.react';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useDisableTwoStep } from '../api/disable-two-step.ts';
import { useEnableTwoStep } from '../api/enable-two-step.ts';
import { useTwoStep } from '../api/get-two-step.ts';
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes.ts';
import { useStartTwoStepSetup } from '../api/start-two-step-setup.ts';
import { formatDateTime } from '../lib/device-label.ts';
import { groupedSecret, type TwoStepCodeValues, twoStepCodeSchema } from '../lib/two-step-code.ts';
import { SectionState } from './section-state.tsx';

type Mode = 'idle' | 'setup' | 'disable' | 'renew';

/**
 * Two-step login with an authenticator app ("Google code", issue 15 part 2): turn it on (scan the QR code or type the
 * key, confirm with a code, keep the 10 recovery codes shown once), turn it off, or get new recovery codes.
 */
export function TwoStepCard() {
  const { t, i18n } = useTranslation('security');
  const id = useId();
  const token = useSession((s) => s.token);
  const status = useTwoStep(token);
  const start = useStartTwoStepSetup();
  const enable = useEnableTwoStep();
  const disable = useDisableTwoStep();
  const renew = useRenewRecoveryCodes();
  const [mode, setMode] = useState<Mode>('idle');
  const [setup, setSetup] = useState<TwoStepSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const go = (next: Mode) => {
    setNotice(null);
    enable.reset();
    disable.reset();
    renew.reset();
    setMode(next);
  };
  const begin = () => {
    go('idle');
    start.mutate(undefined, {
      onSuccess: (s) => {
        setSetup(s);
        setMode('setup');
      },
    });
  };

  const on = status.data?.enabled === true;
  return (
    <section className="sc-card sc-two-step" aria-labelledby={`${id}-title`}>
      <div className="sc-card-head">
        <h3 id={`${id}-title`} className="sc-card-title">
          {t('twoStep.title')}
        </h3>
        {status.data && (
          <span className={`sc-badge ${on ? 'sc-badge-on' : 'sc-badge-off'}`}>{on ? t('twoStep.on') : t('twoStep.off')}</span>
        )}
      </div>
      <p className="sc-hint">{t('twoStep.lead')}</p>
      {notice && (
        <p role="status" className="sc-alert sc-alert-success">
          {notice}
        </p>
      )}
      {status.isPending ? (
        <SectionState kind="loading" />
      ) : status.isError ? (
        <SectionState kind="error" onRetry={() => void status.refetch()} />
      ) : codes ? (
        <RecoveryCodesPanel
          codes={codes}
          onDone={() => {
            setCodes(null);
            go('idle');
          }}
        />
      ) : !on ? (
        mode === 'setup' && setup ? (
          <div className="sc-two-step-setup">
            <ol className="sc-steps">
              <li>{t('twoStep.step1')}</li>
              <li>{t('twoStep.step2')}</li>
            </ol>
            <div className="sc-qr-row">
              <div className="sc-qr">
                <QRCodeSVG value={setup.otpauthUri} size={176} marginSize={2} title={t('twoStep.qr')} bgColor="#ffffff" fgColor="#111111" />
              </div>
              <div className="sc-field">
                <span className="sc-label">{t('twoStep.manualKey')}</span>
                <code className="sc-secret" data-testid="two-step-secret" data-secret={setup.secret}>
                  {groupedSecret(setup.secret)}
                </code>
                <p className="sc-hint">{t('twoStep.manualHint')}</p>
              </div>
            </div>
            <CodeForm
              label={t('twoStep.confirmCode')}
              hint={t('twoStep.confirmHint')}
              submitLabel={t('twoStep.turnOn')}
              allowRecoveryCode={false}
              busy={enable.isPending}
              error={enable.error}
              onCancel={() => {
                setSetup(null);
                go('idle');
              }}
              onSubmit={(code) =>
                enable.mutate(code, {
                  onSuccess: (r) => {
                    setSetup(null);
                    setCodes(r.recoveryCodes);
                    setNotice(t('twoStep.turnedOn'));
                  },
                })
              }
            />
          </div>
        ) : (
          <div className="sc-actions">
            {start.error ? <ErrorLine error={start.error} /> : null}
            <button type="button" className="btn btn-primary" disabled={start.isPending} onClick={begin}>
              {start.isPending ? t('loading') : t('twoStep.setUp')}
            </button>
          </div>
        )
      ) : (
        <>
          <dl className="sc-facts">
            {status.data.enabledAt && (
              <div>
                <dt>{t('twoStep.since')}</dt>
                <dd>{formatDateTime(status.data.enabledAt, i18n.language)}</dd>
              </div>
            )}
            <div>
              <dt>{t('twoStep.codesLeft')}</dt>
              <dd>{status.data.recoveryCodesLeft}</dd>
            </div>
          </dl>
          {status.data.recoveryCodesLeft <= 2 && (
            <p role="note" className="sc-alert sc-alert-error">
              {t('twoStep.fewCodes')}
            </p>
          )}
          {mode === 'disable' ? (
            <CodeForm
              label={t('twoStep.offCode')}
              hint={t('twoStep.offHint')}
              submitLabel={t('twoStep.turnOff')}
              allowRecoveryCode
              busy={disable.isPending}
              error={disable.error}
              onCancel={() => go('idle')}
              onSubmit={(code) =>
                disable.mutate(code, {
                  onSuccess: () => {
                    go('idle');
                    setNotice(t('twoStep.turnedOff'));
                  },
                })
              }
            />
          ) : mode === 'renew' ? (
            <CodeForm
              label={t('twoStep.confirmCode')}
              hint={t('twoStep.renewHint')}
              submitLabel={t('twoStep.renew')}
              allowRecoveryCode={false}
              busy={renew.isPending}
              error={renew.error}
              onCancel={() => go('idle')}
              onSubmit={(code) => renew.mutate(code, { onSuccess: (r) => setCodes(r.recoveryCodes) })}
            />
          ) : (
            <div className="sc-actions">
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => go('renew')}>
                {t('twoStep.renew')}
              </button>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => go('disable')}>
                {t('twoStep.turnOff')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function ErrorLine({ error }: { error: unknown }) {
  const { t: te } = useTranslation('errors');
  return (
    <p role="alert" className="sc-alert sc-alert-error">
      {error instanceof ApiError ? (te(error.messageKey as never) as string) : te('unknown')}
    </p>
  );
}

type CodeFormProps = {
  label: string;
  hint: string;
  submitLabel: string;
  allowRecoveryCode: boolean;
  busy: boolean;
  error: unknown;
  onSubmit: (code: string) => void;
  onCancel: () => void;
};

/** One code field (the app's 6 digits, or a recovery code where allowed), its button and a cancel. */
function CodeForm({ label, hint, submitLabel, allowRecoveryCode, busy, error, onSubmit, onCancel }: CodeFormProps) {
  const { t } = useTranslation('security');
  const { t: te } = useTranslation('errors');
  const id = useId();
  const schema = useMemo(() => twoStepCodeSchema(allowRecoveryCode), [allowRecoveryCode]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TwoStepCodeValues>({ resolver: zodResolver(schema), defaultValues: { code: '' } });
  const local = errors.code?.message;
  // A wrong or used code belongs to the field; anything else (a pause after too many, the network) above the buttons.
  const fieldCodes = ['TWO_STEP_CODE_INVALID', 'TWO_STEP_CODE_USED'];
  const remote = error instanceof ApiError && fieldCodes.includes(error.code) ? (te(error.messageKey as never) as string) : undefined;
  const message = local ? t(`twoStep.${local}` as never) : remote;
  return (
    <form className="sc-form sc-code-form" noValidate onSubmit={handleSubmit((v) => onSubmit(v.code.replace(/\s+/g, '')))}>
      <div className="sc-field" data-invalid={message ? '' : undefined}>
        <label className="sc-label" htmlFor={`${id}-code`}>
          {label}
        </label>
        <input
          id={`${id}-code`}
          className="sc-input sc-code-input"
          {...register('code')}
          inputMode={allowRecoveryCode ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={20}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
          // biome-ignore lint/a11y/noAutofocus: the field is what the member opened this form for
          autoFocus
        />
        <p id={`${id}-hint`} className="sc-hint">
          {hint}
        </p>
        {message && (
          <p id={`${id}-error`} className="sc-field-error">
            {message}
          </p>
        )}
      </div>
      {error && !remote ? <ErrorLine error={error} /> : null}
      <div className="sc-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('twoStep.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('loading') : submitLabel}
        </button>
      </div>
    </form>
  );
}

/** The recovery codes, this once: copy them, then confirm they are kept. */
function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('security');
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="sc-recovery" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="sc-row-title">
        {t('twoStep.codesTitle')}
      </h4>
      <p className="sc-hint">{t('twoStep.codesLead')}</p>
      <ol className="sc-codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="sc-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copy()}>
          {copied ? t('twoStep.copied') : t('twoStep.copy')}
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={onDone}>
          {t('twoStep.saved')}
        </button>
      </div>
    </section>
  );
}
