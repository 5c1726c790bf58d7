import { lazy } from 'react';
import type { ModalBodies } from '../ui/modals/modal-types.ts';

/**
 * Which component is each named modal's body: one lazy chunk per modal, so a
 * body is swapped by changing one line here (the accounts work replaces the
 * placeholders with the real forms).
 */
export const modalBodies: ModalBodies = {
  loginPopupModal: lazy(() => import('../features/auth/components/login-popup-modal.tsx')),
  registerModal: lazy(() => import('../features/auth/components/register-modal.tsx')),
  changePassModal: lazy(() => import('../features/auth/components/change-pass-modal.tsx')),
  forgetPassModal: lazy(() => import('../features/auth/components/forget-pass-modal.tsx')),
  helpModal: lazy(() => import('../features/system/components/help-modal.tsx')),
  noticeModal: lazy(() => import('../features/lobby/components/announcements-modal.tsx')),
  publicModal: lazy(() => import('../ui/modals/public-modal.tsx')),
  loginModal: lazy(() => import('../features/auth/components/agent-login-modal.tsx')),
  gameListModal: lazy(() => import('../features/play/components/game-list-modal.tsx')),
  pointsRedeemModal: lazy(() => import('../features/points/components/redeem-modal.tsx')),
  pointsConvertModal: lazy(() => import('../features/points/components/convert-modal.tsx')),
  // In the promotions screen's chunk (the page opens it from every card): one chunk less for the first bundle to name.
  promotionModal: lazy(() => import('../features/promotions/promotions-screen.tsx').then((m) => ({ default: m.PromotionModal }))),
  supportChatModal: lazy(() => import('../features/support/chat/components/chat-panel.tsx')),
  chatRoomModal: lazy(() => import('../features/support/room/components/room-panel.tsx')),
};
