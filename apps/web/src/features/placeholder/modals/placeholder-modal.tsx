import { useTranslation } from 'react-i18next';
import { Icon } from '../../../ui/icons/icon.tsx';
import { type ModalName, openModal } from '../../../ui/modals/modal-store.ts';

type PlaceholderModalName = Exclude<
  ModalName,
  'publicModal' | 'helpModal' | 'pointsRedeemModal' | 'pointsConvertModal' | 'promotionModal' | 'supportChatModal' | 'chatRoomModal'
>;

export type PlaceholderModalProps = {
  name: PlaceholderModalName;
  titleId: string;
  close: () => void;
  /** Other popups this one links to (e.g. login → register), so the frame's flow can be tried already. */
  links?: { to: 'loginPopupModal' | 'registerModal' | 'forgetPassModal'; labelKey: 'toLogin' | 'toRegister' | 'toForgot' }[];
};

/** A popup whose form is not built yet: says so plainly. The accounts work replaces each file that uses it. */
export function PlaceholderModal({ name, titleId, close, links = [] }: PlaceholderModalProps) {
  const { t } = useTranslation();
  return (
    <div className="placeholder-modal">
      <span className="placeholder-modal-icon">
        <Icon name={name === 'registerModal' ? 'userPlus' : name === 'noticeModal' ? 'megaphone' : 'login'} size={36} />
      </span>
      <h2 id={titleId} className="modal-title">
        {t(`modalPlaceholder.titles.${name}`)}
      </h2>
      <p>{t('modalPlaceholder.comingSoon')}</p>
      <div className="dialog-actions">
        {links.map((l) => (
          <button key={l.to} type="button" className="btn btn-ghost" onClick={() => openModal(l.to)}>
            {t(`modalPlaceholder.${l.labelKey}`)}
          </button>
        ))}
        <button type="button" className="btn btn-primary" onClick={close}>
          {t('dialog.ok')}
        </button>
      </div>
    </div>
  );
}
