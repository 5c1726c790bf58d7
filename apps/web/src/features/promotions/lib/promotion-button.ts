import type { ActivityAction, ActivityState } from '@playfront/contract/promotions-paths';

export type Viewer = 'guest' | 'trial' | 'member';

/**
 * What a promotion offers the viewer (spec section 4's activity states):
 * - `action`: a button that does the server's `action` (join, apply, claim, deposit). A guest's button opens the
 *   login popup and a trial account's says a real account is needed (`gate`), since those calls refuse both.
 * - `label`: no button, the state said as a disabled label (claimed, issued, applying, coming soon, closed…).
 */
export type PromotionButton =
  | { kind: 'action'; action: ActivityAction; gate: 'login' | 'realAccount' | null }
  | { kind: 'label'; state: ActivityState };

export function promotionButton(promotion: { state: ActivityState; action: ActivityAction | null }, viewer: Viewer): PromotionButton {
  const { state, action } = promotion;
  // The server decides the button; the states that never take one are labels even if an action slipped through.
  if (action === null || state === 'comingSoon' || state === 'close' || state === 'claimed' || state === 'issued' || state === 'applying') {
    return { kind: 'label', state };
  }
  return { kind: 'action', action, gate: viewer === 'guest' ? 'login' : viewer === 'trial' ? 'realAccount' : null };
}

/** A state the member is done with or cannot act on (greyed card badge). */
export const isQuietState = (state: ActivityState) =>
  state === 'close' || state === 'rejected' || state === 'claimed' || state === 'issued';
