import type { ModalBodyProps } from '../../../ui/modals/modal-types.ts';
import { PlaceholderModal } from './placeholder-modal.tsx';

/** forgetPassModal: forgot password by e-mail or mobile. Placeholder until the accounts work builds it. */
export default function ForgetPassModal({ titleId, close }: ModalBodyProps<'forgetPassModal'>) {
  return (
    <PlaceholderModal name="forgetPassModal" titleId={titleId} close={close} links={[{ to: 'loginPopupModal', labelKey: 'toLogin' }]} />
  );
}
