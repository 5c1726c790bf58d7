import { type ComponentType, Suspense, useLayoutEffect } from 'react';
import { createPortal } from 'react-dom';
import { FullScreenLoader } from '../loader/loader-overlay.tsx';
// The dialog frame (focus trap, styles) comes with the host, which the app loads as a chunk of its own (app/modals.tsx,
// decision 068): nothing of it is in the first bundle, and a popup waits for one chunk before its body, not two.
import ModalFrame from './modal-frame.tsx';
import { type ModalName, useModalStore } from './modal-store.ts';
import type { ModalBodies, ModalBodyProps } from './modal-types.ts';

export type ModalHostProps = { bodies: ModalBodies };

/**
 * Renders the open modals of the registry, bottom to top, in a portal. While
 * any is open the page cannot scroll and the app behind is inert.
 */
export function ModalHost({ bodies }: ModalHostProps) {
  const stack = useModalStore((s) => s.stack);
  const open = stack.length > 0;

  // A layout effect, so the app is no longer inert when a closing dialog hands focus back to its opener (a passive cleanup).
  useLayoutEffect(() => {
    if (!open) return;
    const html = document.documentElement;
    const app = document.getElementById('root');
    html.classList.add('scroll-locked');
    app?.setAttribute('inert', '');
    return () => {
      html.classList.remove('scroll-locked');
      app?.removeAttribute('inert');
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    stack.map((entry, index) => (
      // One boundary per modal, so a dialog stacked over a popup never blanks the popup while it loads.
      <Suspense key={entry.id} fallback={<FullScreenLoader />}>
        <ModalFrame
          entry={entry}
          active={index === stack.length - 1}
          Body={bodies[entry.name] as ComponentType<ModalBodyProps<ModalName>>}
        />
      </Suspense>
    )),
    document.body,
  );
}
