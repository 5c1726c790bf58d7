import { useTranslation } from 'react-i18next';
import { FormError } from './states.tsx';

export type FormActionsProps = {
  /** The save is on its way: the submit button waits. */
  pending: boolean;
  /** The server's refusal, announced above the buttons. */
  error?: unknown;
  /** Announced once the save went through (a form that stays open). */
  savedText?: string | false;
  /** A dialog's Cancel. */
  onCancel?: () => void;
  /** The submit button's text (default: Save). */
  submitLabel?: string;
  danger?: boolean;
};

/** The end of a console form: the server's refusal or the saved notice, then Cancel (in a dialog) and the submit button. */
export function FormActions({ pending, error, savedText, onCancel, submitLabel, danger }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormError error={error} />
      {savedText && (
        <div className="alert ok" role="status">
          {savedText}
        </div>
      )}
      <div className="dialog-actions">
        {onCancel && (
          <button type="button" onClick={onCancel}>
            {t('actions.cancel')}
          </button>
        )}
        <button type="submit" className={danger ? 'danger' : 'primary'} disabled={pending}>
          {submitLabel ?? t('actions.save')}
        </button>
      </div>
    </>
  );
}
