import { type ReactNode, useEffect, useId, useRef } from 'react';

export type DialogProps = { open: boolean; title: string; onClose: () => void; children: ReactNode };

/**
 * A modal on the native <dialog>: the browser traps focus inside it, Escape closes it, and focus returns to the
 * button that opened it.
 */
export function Dialog({ open, title, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          {children}
        </>
      )}
    </dialog>
  );
}
