import type { ModalBodyProps } from '../../../ui/modals/modal-types.ts';
import { PlaceholderModal } from './placeholder-modal.tsx';

/** noticeModal: the announcement list and detail. Placeholder until the accounts work builds it. */
export default function NoticeModal({ titleId, close }: ModalBodyProps<'noticeModal'>) {
  return <PlaceholderModal name="noticeModal" titleId={titleId} close={close} />;
}
