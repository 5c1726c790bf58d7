import type { ComponentType } from 'react';
import type { ModalName, ModalOptionsMap } from './modal-store.ts';

/** What every modal body receives. The body renders its heading with `id={titleId}`: the dialog is labelled by it. */
export type ModalBodyProps<K extends ModalName> = {
  modalId: number;
  options: ModalOptionsMap[K];
  titleId: string;
  close: () => void;
};

/** One body component per named modal (usually `lazy(() => import(...))`), supplied by the app. */
export type ModalBodies = { [K in ModalName]: ComponentType<ModalBodyProps<K>> };

export type ModalPresentation = {
  size: 'sm' | 'md' | 'lg';
  /** Popups stay open on an outside click (spec); the generic dialog closes. */
  closeOnCover: boolean;
};

export const PRESENTATION: Record<ModalName, ModalPresentation> = {
  loginPopupModal: { size: 'md', closeOnCover: false },
  registerModal: { size: 'md', closeOnCover: false },
  changePassModal: { size: 'md', closeOnCover: false },
  forgetPassModal: { size: 'md', closeOnCover: false },
  helpModal: { size: 'lg', closeOnCover: false },
  noticeModal: { size: 'lg', closeOnCover: false },
  publicModal: { size: 'sm', closeOnCover: true },
  loginModal: { size: 'md', closeOnCover: false },
  gameListModal: { size: 'lg', closeOnCover: false },
  pointsRedeemModal: { size: 'md', closeOnCover: false },
  pointsConvertModal: { size: 'md', closeOnCover: false },
  promotionModal: { size: 'lg', closeOnCover: false },
  supportChatModal: { size: 'md', closeOnCover: false },
  chatRoomModal: { size: 'md', closeOnCover: false },
};
