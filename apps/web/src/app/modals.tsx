import { ModalHost } from '../ui/modals/modal-host.tsx';
import { modalBodies } from './modal-bodies.ts';

/** The popups' host with the registry of their bodies: its own chunk, loaded when the first popup opens (decision 068). */
export function Modals() {
  return <ModalHost bodies={modalBodies} />;
}
