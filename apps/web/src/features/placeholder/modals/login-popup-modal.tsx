import type { ModalBodyProps } from '../../../ui/modals/modal-types.ts';
import { PlaceholderModal } from './placeholder-modal.tsx';

/** loginPopupModal: the member login popup. Placeholder until the accounts work builds it. */
export default function LoginPopupModal({ titleId, close }: ModalBodyProps<'loginPopupModal'>) {
  return (
    <PlaceholderModal
      name="loginPopupModal"
      titleId={titleId}
      close={close}
      links={[
        { to: 'registerModal', labelKey: 'toRegister' },
        { to: 'forgetPassModal', labelKey: 'toForgot' },
      ]}
    />
  );
}
