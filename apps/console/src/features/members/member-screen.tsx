import type { Adjustment } from '@playfront/contract/console';
import { ADJUSTMENT_DIRECTIONS, ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR } from '@playfront/contract/console-paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatMinor, formatTime, newIdempotencyKey, parseAmountToMinor } from '../../lib/format.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { ErrorState, FormError, Loading } from '../../ui/states.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useCan } from '../auth/api.ts';
import { AdjustmentStatus } from '../payments/adjustment-status.tsx';
import { useThresholds } from '../payments/thresholds-api.ts';
import { adjustMember, approveAdjustment, memberAction, memberProfile, rejectAdjustment, resetMemberPassword } from './api.ts';
import { MemberNotes, MemberRecordTable } from './member-records.tsx';
import { statusKey } from './record-columns.ts';

// Each tab pages on the server (member-records.tsx); notes are staff notes on the member.
const TABS = ['ledger', 'bets', 'deposits', 'withdrawals', 'sessions', 'logins', 'notes'] as const;
type Tab = (typeof TABS)[number];
type Action = 'lock' | 'unlock' | 'logout' | 'reset' | 'adjust' | null;

export default function MemberScreen() {
  const { t } = useTranslation();
  const { memberId = '' } = useParams();
  const can = useCan();
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: ['member', memberId], queryFn: () => memberProfile(memberId) });
  const [tab, setTab] = useState<Tab>('ledger');
  const [action, setAction] = useState<Action>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['member', memberId] });
  const done = (text: string) => {
    setAction(null);
    setNotice(text);
    refresh();
  };
  const simple = useMutation({
    mutationFn: ({ kind, reason }: { kind: 'memberLock' | 'memberUnlock' | 'memberForceLogout'; reason: string }) =>
      memberAction(kind, memberId, reason),
    onSuccess: (r, v) =>
      done(
        v.kind === 'memberForceLogout'
          ? t('member.loggedOut', { count: r.sessionsEnded })
          : t(r.locked ? 'member.nowLocked' : 'member.nowUnlocked'),
      ),
  });

  if (profile.isLoading) return <Loading />;
  if (profile.error || !profile.data) return <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  const p = profile.data;
  const cur = p.balances.currency;
  const writable = can('members.write');

  return (
    <div className="stack">
      <p>
        <Link to="/members">← {t('nav.members')}</Link>
      </p>
      <h1>
        {p.member.username} <span className="muted">#{p.member.id}</span>
      </h1>
      <div className="row">
        <span className={`badge ${p.member.locked ? 'danger' : 'ok'}`}>
          {t(statusKey(p.member.status), { defaultValue: p.member.status })}
        </span>
        {p.flags.map((f) => (
          <span className="badge warn" key={f}>
            {f}
          </span>
        ))}
      </div>
      {notice && (
        <div className="alert ok" role="status">
          {notice}
        </div>
      )}
      <div className="grid">
        <Figure label={t('member.main')} value={formatMinor(p.balances.main, cur)} />
        <Figure label={t('member.bonus')} value={formatMinor(p.balances.bonus, cur)} />
        <Figure label={t('member.pendingWithdrawals')} value={formatMinor(p.balances.pendingWithdrawals, cur)} />
      </div>
      <div className="card">
        <dl className="grid">
          <Detail term={t('member.fullName')}>{p.member.fullName ?? '—'}</Detail>
          <Detail term={t('members.mobile')}>{p.member.mobile ?? '—'}</Detail>
          <Detail term={t('member.email')}>{p.member.email ?? '—'}</Detail>
          <Detail term={t('member.vip')}>{p.member.vipLevel ?? '—'}</Detail>
          <Detail term={t('members.createdAt')}>{formatTime(p.member.createdAt)}</Detail>
          <Detail term={t('members.lastLoginAt')}>{formatTime(p.member.lastLoginAt)}</Detail>
          <Detail term={t('member.lastLoginIp')}>{p.member.lastLoginIp ?? '—'}</Detail>
        </dl>
      </div>
      <div className="row">
        {writable &&
          (p.member.locked ? (
            <button type="button" onClick={() => setAction('unlock')}>
              {t('member.unlock')}
            </button>
          ) : (
            <button type="button" className="danger" onClick={() => setAction('lock')}>
              {t('member.lock')}
            </button>
          ))}
        {writable && (
          <button type="button" onClick={() => setAction('logout')}>
            {t('member.forceLogout')}
          </button>
        )}
        {writable && (
          <button type="button" onClick={() => setAction('reset')}>
            {t('member.resetPassword')}
          </button>
        )}
        {can('members.adjust') && (
          <button type="button" className="primary" onClick={() => setAction('adjust')}>
            {t('member.adjust')}
          </button>
        )}
      </div>
      {p.pendingAdjustments.length > 0 && <PendingAdjustments list={p.pendingAdjustments} onChanged={refresh} />}
      <Tabs
        id="member"
        label={t('member.history')}
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        labelOf={(k) => t(`member.tabs.${k}`)}
        panelClassName=""
      >
        {tab === 'notes' ? <MemberNotes memberId={memberId} /> : <MemberRecordTable key={tab} memberId={memberId} kind={tab} />}
      </Tabs>

      <ReasonDialog
        open={action === 'lock' || action === 'unlock' || action === 'logout'}
        title={t(action === 'lock' ? 'member.lock' : action === 'unlock' ? 'member.unlock' : 'member.forceLogout')}
        confirmLabel={t('actions.confirm')}
        danger={action === 'lock'}
        pending={simple.isPending}
        error={simple.error}
        onClose={() => {
          setAction(null);
          simple.reset();
        }}
        onConfirm={(reason) =>
          simple.mutate({ kind: action === 'lock' ? 'memberLock' : action === 'unlock' ? 'memberUnlock' : 'memberForceLogout', reason })
        }
      />
      {action === 'reset' && <ResetDialog memberId={memberId} onClose={() => setAction(null)} onDone={() => done(t('member.resetSent'))} />}
      {action === 'adjust' && (
        <AdjustDialog
          memberId={memberId}
          currency={cur}
          onClose={() => setAction(null)}
          onDone={(a) => done(a.status === 'PENDING' ? t('member.adjustPending') : t('member.adjustApplied'))}
        />
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="card figure">
      <div className="label">{label}</div>
      <div className="value">{value}</div>
    </div>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="muted">{term}</dt>
      <dd style={{ margin: 0 }}>{children}</dd>
    </div>
  );
}

function PendingAdjustments({ list, onChanged }: { list: Adjustment[]; onChanged: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const [rejecting, setRejecting] = useState<string | null>(null);
  const approve = useMutation({ mutationFn: approveAdjustment, onSuccess: onChanged });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectAdjustment(id, reason),
    onSuccess: () => {
      setRejecting(null);
      onChanged();
    },
  });
  return (
    <section className="card stack" aria-labelledby="pending-adj">
      <h2 id="pending-adj">{t('adjustments.pendingTitle')}</h2>
      <FormError error={approve.error} />
      <ul className="stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.map((a) => (
          <li key={a.id} className="row">
            <AdjustmentStatus adjustment={a} />
            <span>
              {t(`adjustments.${a.direction}`)} {formatMinor(a.amount)} — {a.reason} ({t('adjustments.requestedBy', { who: a.requestedBy })}
              )
            </span>
            {can('adjustments.approve') && (
              <>
                <button type="button" className="primary" disabled={approve.isPending} onClick={() => approve.mutate(a.id)}>
                  {t('actions.approve')}
                </button>
                <button type="button" className="danger" onClick={() => setRejecting(a.id)}>
                  {t('actions.reject')}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <ReasonDialog
        open={rejecting !== null}
        title={t('adjustments.rejectTitle')}
        confirmLabel={t('actions.reject')}
        danger
        pending={reject.isPending}
        error={reject.error}
        onClose={() => setRejecting(null)}
        onConfirm={(reason) => rejecting && reject.mutate({ id: rejecting, reason })}
      />
    </section>
  );
}

function ResetDialog({ memberId, onClose, onDone }: { memberId: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<'SMS' | 'EMAIL'>('SMS');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const reset = useMutation({ mutationFn: () => resetMemberPassword(memberId, { channel, reason: reason.trim() }), onSuccess: onDone });
  return (
    <Dialog open title={t('member.resetPassword')} onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim().length < 3) return setInvalid(true);
          reset.mutate();
        }}
      >
        <p className="muted">{t('member.resetText')}</p>
        <div className="field">
          <label htmlFor="reset-channel">{t('member.channel')}</label>
          <select id="reset-channel" value={channel} onChange={(e) => setChannel(e.target.value as 'SMS' | 'EMAIL')}>
            <option value="SMS">{t('member.sms')}</option>
            <option value="EMAIL">{t('member.email')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="reset-reason">{t('actions.reason')}</label>
          <textarea id="reset-reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} aria-invalid={invalid} />
          {invalid && <span className="error">{t('actions.reasonRequired')}</span>}
        </div>
        <FormError error={reset.error} />
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {t('actions.cancel')}
          </button>
          <button type="submit" className="primary" disabled={reset.isPending}>
            {t('member.sendCode')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function AdjustDialog({
  memberId,
  currency,
  onClose,
  onDone,
}: {
  memberId: string;
  currency: string;
  onClose: () => void;
  onDone: (a: Adjustment) => void;
}) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<'CREDIT' | 'DEBIT'>('CREDIT');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: boolean; reason?: boolean }>({});
  // One key per dialog: pressing the button again after a network failure repeats the same request, never a second one.
  const [key] = useState(newIdempotencyKey);
  const minor = parseAmountToMinor(amount);
  // The brand's threshold (settings); the contract's default until it has loaded.
  const threshold = BigInt(useThresholds().data?.adjustment ?? ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR);
  const aboveThreshold = minor !== null && BigInt(minor) > threshold;
  const adjust = useMutation({
    mutationFn: () => adjustMember(memberId, { direction, amount: minor ?? '0', reason: reason.trim(), idempotencyKey: key }),
    onSuccess: onDone,
  });
  return (
    <Dialog open title={t('member.adjust')} onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const next = { amount: minor === null, reason: reason.trim().length < 3 };
          setErrors(next);
          if (!next.amount && !next.reason) adjust.mutate();
        }}
      >
        <fieldset className="field" style={{ border: 0, padding: 0 }}>
          <legend>{t('adjustments.direction')}</legend>
          <div className="row">
            {ADJUSTMENT_DIRECTIONS.map((d) => (
              <label key={d}>
                <input type="radio" name="direction" value={d} checked={direction === d} onChange={() => setDirection(d)} />{' '}
                {t(`adjustments.${d}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor="adjust-amount">{t('adjustments.amount', { currency })}</label>
          <input
            id="adjust-amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={errors.amount}
            aria-describedby="adjust-threshold"
          />
          {errors.amount && <span className="error">{t('adjustments.amountInvalid')}</span>}
          <span id="adjust-threshold" className="hint">
            {t('adjustments.threshold', { amount: formatMinor(threshold, currency) })}
          </span>
        </div>
        {aboveThreshold && (
          <div className="alert warn" role="status">
            {t('adjustments.needsSecond')}
          </div>
        )}
        <div className="field">
          <label htmlFor="adjust-reason">{t('actions.reason')}</label>
          <textarea
            id="adjust-reason"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={errors.reason}
          />
          {errors.reason && <span className="error">{t('actions.reasonRequired')}</span>}
        </div>
        <FormError error={adjust.error} />
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {t('actions.cancel')}
          </button>
          <button type="submit" className="primary" disabled={adjust.isPending}>
            {t('member.adjustSubmit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
