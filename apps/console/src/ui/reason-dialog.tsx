import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './dialog.tsx';
import { FormActions } from './form-actions.tsx';

export type ReasonDialogProps = {
  open: boolean;
  title: string;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

/** Asks for the reason every staff action records in the audit log (3 to 500 characters). */
export function ReasonDialog({ open, title, confirmLabel, danger, pending, error, onConfirm, onClose }: ReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const r = reason.trim();
          if (r.length < 3 || r.length > 500) return setInvalid(true);
          setInvalid(false);
          onConfirm(r);
        }}
      >
        <div className="field">
          <label htmlFor="reason-input">{t('actions.reason')}</label>
          <textarea id="reason-input" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} aria-invalid={invalid} />
          {invalid && <span className="error">{t('actions.reasonRequired')}</span>}
        </div>
        <FormActions pending={pending} error={error} onCancel={onClose} submitLabel={confirmLabel} danger={danger} />
      </form>
    </Dialog>
  );
}
