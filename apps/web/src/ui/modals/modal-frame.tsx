import './modal.css';
import { createFocusTrap } from 'focus-trap';
import { type ComponentType, type MouseEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons/icon.tsx';
import { closeModal, type ModalName, type OpenModal } from './modal-store.ts';
import { type ModalBodyProps, PRESENTATION } from './modal-types.ts';

export type ModalFrameProps = {
  entry: OpenModal;
  /** Only the top modal traps focus and answers Escape. */
  active: boolean;
  Body: ComponentType<ModalBodyProps<ModalName>>;
};

/** A forced password change cannot be dismissed: the member must choose a new password. */
const dismissible = (entry: OpenModal) => !(entry.name === 'changePassModal' && entry.options.forced);

/**
 * The accessible dialog around every modal body: role=dialog, aria-modal,
 * labelled by the body's heading, focus trapped inside, Escape closes, focus
 * returns to the element that opened it.
 */
export default function ModalFrame({ entry, active, Body }: ModalFrameProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { size, closeOnCover } = PRESENTATION[entry.name];
  const canDismiss = dismissible(entry);
  const close = () => closeModal(entry.id);

  // Focus trap for the life of the modal; focus goes back to the opener afterwards.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one trap per mounted modal.
  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    const trap = createFocusTrap(el, {
      escapeDeactivates: false,
      allowOutsideClick: true,
      returnFocusOnDeactivate: false,
      fallbackFocus: el,
      initialFocus: () =>
        el.querySelector<HTMLElement>('[data-autofocus]') ??
        el.querySelector<HTMLElement>('.modal-body :is(input, select, textarea, button, a[href])') ??
        el,
      // Dialog contents may be laid out after activation (lazy images); don't require visible boxes.
      tabbableOptions: { displayCheck: 'none' },
    });
    trap.activate();
    return () => {
      trap.deactivate();
      const opener = entry.opener;
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  // Escape closes the top modal (unless it is a forced step).
  useEffect(() => {
    if (!active || !canDismiss) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        closeModal(entry.id);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active, canDismiss, entry.id]);

  // The generic dialog may close by itself after a while.
  const timeoutMs = entry.name === 'publicModal' ? entry.options.timeoutMs : undefined;
  useEffect(() => {
    if (!timeoutMs) return;
    const timer = window.setTimeout(() => closeModal(entry.id), timeoutMs);
    return () => window.clearTimeout(timer);
  }, [timeoutMs, entry.id]);

  const onCover = (e: MouseEvent<HTMLDivElement>) => {
    if (e.target === e.currentTarget && closeOnCover && canDismiss) close();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the cover is a pointer convenience; Escape and the close button are the keyboard paths.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
    <div className="modal-cover" data-modal={entry.name} onClick={onCover}>
      <div
        ref={panel}
        className={`modal-panel modal-${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={entry.name}
      >
        {canDismiss && (
          <button type="button" className="modal-close icon-button" aria-label={t('modal.close')} onClick={close}>
            <Icon name="close" />
          </button>
        )}
        <div className="modal-body">
          <Body modalId={entry.id} options={entry.options} titleId={titleId} close={close} />
        </div>
      </div>
    </div>
  );
}
