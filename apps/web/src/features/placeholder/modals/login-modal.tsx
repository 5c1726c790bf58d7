import type { ModalBodyProps } from '../../../ui/modals/modal-types.ts';
import { PlaceholderModal } from './placeholder-modal.tsx';

/** loginModal: the agent login. Placeholder until the accounts work builds it. */
export default function LoginModal({ titleId, close }: ModalBodyProps<'loginModal'>) {
  return <PlaceholderModal name="loginModal" titleId={titleId} close={close} />;
}
