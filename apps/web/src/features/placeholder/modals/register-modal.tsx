import type { ModalBodyProps } from '../../../ui/modals/modal-types.ts';
import { PlaceholderModal } from './placeholder-modal.tsx';

/** registerModal: the registration popup. Placeholder until the accounts work builds it. */
export default function RegisterModal({ titleId, close }: ModalBodyProps<'registerModal'>) {
  return <PlaceholderModal name="registerModal" titleId={titleId} close={close} links={[{ to: 'loginPopupModal', labelKey: 'toLogin' }]} />;
}
