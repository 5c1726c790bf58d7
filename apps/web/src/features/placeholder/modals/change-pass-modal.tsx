import type { ModalBodyProps } from '../../../ui/modals/modal-types.ts';
import { PlaceholderModal } from './placeholder-modal.tsx';

/** changePassModal: change password (first login, expiry, default password). Placeholder until the accounts work builds it. */
export default function ChangePassModal({ titleId, close }: ModalBodyProps<'changePassModal'>) {
  return <PlaceholderModal name="changePassModal" titleId={titleId} close={close} />;
}
