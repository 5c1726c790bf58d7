import { zodResolver } from '@hookform/resolvers/zod';
import { type TeamRegistered, TeamRegisterRequestSchema } from '@playfront/contract/agent-team';
import { TEAM_MEMBER_KINDS, type TeamMemberKind } from '@playfront/contract/agent-team-paths';
import { QRCodeSVG } from 'qrcode.react';
import { useId, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useSession } from '../../../lib/session-store.ts';
import { ErrorAlert } from '../../../ui/page-states.tsx';
import { useReferral } from '../api/get-referral.ts';
import { useRegisterDownline } from '../api/register-downline.ts';
import { AgentLoadError, AgentLoading } from '../components/parts.tsx';
import { decodeProblem, encodeProblem, serverFieldProblems } from '../lib/problems.ts';

/** The contract's schema, plus what a person filling the form must be told before sending: required, and the two passwords equal. */
const schema = TeamRegisterRequestSchema.superRefine((v, ctx) => {
  if (!v.username.trim()) ctx.addIssue({ code: 'custom', path: ['username'], message: encodeProblem('patterns.required') });
  if (!v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: encodeProblem('patterns.required') });
  if (v.password && v.confirmPassword !== v.password)
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: encodeProblem('patterns.confirmMismatch') });
});
type Values = z.input<typeof schema>;
const OPTIONAL = ['payeeName', 'email', 'mobileNum'] as const;

/**
 * registerCenter: create a downline member or sub-agent directly under me (the brand's registration rules apply on
 * the server; its field problems appear under their inputs), and my referral link, QR code and affiliate code.
 */
export default function RegisterPage() {
  return (
    <div className="ag-two">
      <RegisterForm />
      <ReferralCard />
    </div>
  );
}

function RegisterForm() {
  const { t } = useTranslation('agent');
  const id = useId();
  const register = useRegisterDownline();
  const [done, setDone] = useState<TeamRegistered | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { kind: 'member', username: '', password: '', confirmPassword: '', payeeName: '', email: '', mobileNum: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const kind = form.watch('kind');

  const submit = form.handleSubmit(async (values) => {
    setDone(null);
    const body = { ...values };
    for (const k of OPTIONAL) if (!body[k]?.trim()) delete body[k];
    try {
      const created = await register.mutateAsync(body);
      setDone(created);
      form.reset({ ...form.getValues(), username: '', password: '', confirmPassword: '', payeeName: '', email: '', mobileNum: '' });
    } catch (err) {
      const fields = serverFieldProblems(err);
      for (const [name, message] of fields) form.setError(name as FieldPath<Values>, { type: 'server', message }, { shouldFocus: true });
    }
  });

  const field = (name: 'username' | 'password' | 'confirmPassword' | (typeof OPTIONAL)[number], type = 'text', autoComplete = 'off') => {
    const error = errors[name]?.message;
    return (
      <div className="ag-field" data-invalid={error ? '' : undefined}>
        <label htmlFor={`${id}-${name}`}>
          {t(`register.fields.${name}`)}
          {(OPTIONAL as readonly string[]).includes(name) && <span className="ag-muted"> {t('register.optional')}</span>}
        </label>
        <input
          id={`${id}-${name}`}
          type={type}
          className="ag-input"
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          {...form.register(name)}
        />
        {error && <Problem id={`${id}-${name}-error`} message={error} />}
      </div>
    );
  };

  return (
    <section className="ag-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('register.title')}</h2>
      <p className="ag-muted ag-small">{t('register.lead')}</p>
      <form className="ag-form" noValidate onSubmit={(e) => void submit(e)}>
        <fieldset className="ag-choices">
          <legend>{t('register.kind')}</legend>
          {TEAM_MEMBER_KINDS.map((k: TeamMemberKind) => (
            <label key={k} className="ag-radio">
              <input type="radio" value={k} {...form.register('kind')} checked={kind === k} />
              {t(`register.kinds.${k}`)}
            </label>
          ))}
        </fieldset>
        {field('username', 'text', 'off')}
        {field('password', 'password', 'new-password')}
        {field('confirmPassword', 'password', 'new-password')}
        {field('payeeName', 'text', 'name')}
        {field('email', 'email', 'email')}
        {field('mobileNum', 'tel', 'tel')}
        {register.isError && serverFieldProblems(register.error).length === 0 && <ErrorAlert error={register.error} className="ag-error" />}
        {done && (
          <p role="status" className="ag-success">
            {t(done.kind === 'agent' ? 'register.createdAgent' : 'register.createdMember', {
              name: done.username,
              code: done.affiliateCode ?? '',
            })}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {t(isSubmitting ? 'register.creating' : 'register.create')}
        </button>
      </form>
    </section>
  );
}

/** A field problem in the reader's language (catalogue key with its parameters). */
function Problem({ id, message }: { id: string; message: string }) {
  const { t } = useTranslation();
  const { key, params } = decodeProblem(message);
  return (
    <p id={id} className="ag-field-error">
      {t(key as never, params) as string}
    </p>
  );
}

function ReferralCard() {
  const { t } = useTranslation('agent');
  const token = useSession((s) => s.token);
  const referral = useReferral(token);
  const [copied, setCopied] = useState<'link' | 'code' | null>(null);
  const id = useId();
  const copy = async (what: 'link' | 'code', text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
    } catch {
      setCopied(null);
    }
  };
  return (
    <section className="ag-panel ag-referral" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('register.referralTitle')}</h2>
      <p className="ag-muted ag-small">{t('register.referralLead')}</p>
      {referral.isPending ? (
        <AgentLoading />
      ) : referral.isError ? (
        <AgentLoadError error={referral.error} onRetry={() => void referral.refetch()} />
      ) : (
        <>
          <div className="ag-qr">
            <QRCodeSVG value={referral.data.link} size={168} marginSize={2} title={t('register.qr')} bgColor="#ffffff" fgColor="#111111" />
          </div>
          <div className="ag-field">
            <label htmlFor={`${id}-link`}>{t('register.link')}</label>
            <span className="ag-inline">
              <input id={`${id}-link`} className="ag-input" readOnly value={referral.data.link} onFocus={(e) => e.currentTarget.select()} />
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copy('link', referral.data.link)}>
                {t('register.copy')}
              </button>
            </span>
          </div>
          <div className="ag-field">
            <label htmlFor={`${id}-code`}>{t('register.code')}</label>
            <span className="ag-inline">
              <input
                id={`${id}-code`}
                className="ag-input ag-code"
                readOnly
                value={referral.data.affiliateCode}
                onFocus={(e) => e.currentTarget.select()}
              />
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copy('code', referral.data.affiliateCode)}>
                {t('register.copy')}
              </button>
            </span>
          </div>
          <p className="ag-small" role="status" aria-live="polite">
            {copied ? t(copied === 'link' ? 'register.copiedLink' : 'register.copiedCode') : ''}
          </p>
        </>
      )}
    </section>
  );
}
