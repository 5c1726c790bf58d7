import { create } from 'zustand';

/**
 * The one registry of popups (spec section 2, "Named modals"). Each name has
 * its options type; `openModal(name, options)` and `closeModal()` work from
 * anywhere (components, query callbacks, plain functions). One <ModalHost/>
 * renders what is open.
 *
 * Popups are exclusive: opening one replaces any other popup (login → register
 * swaps them). `publicModal` (the generic dialog) stacks on top, so a warning
 * can sit over the register popup that caused it.
 */
export type DialogIcon = 'success' | 'warning' | 'error' | 'info';

export type DialogButton = {
  /** What `showDialog` resolves with when this button is pressed. */
  id: string;
  /** A catalogue key, `ns:key` or a `common` key. */
  labelKey: string;
  variant?: 'primary' | 'secondary';
};

export type PublicModalOptions = {
  icon?: DialogIcon;
  /** Catalogue keys (`ns:key` or a `common` key) with their parameters. */
  titleKey?: string;
  messageKey?: string;
  params?: Record<string, string | number>;
  /** Server-authored HTML (e.g. an announcement); sanitised before it is shown. Never user input. */
  html?: string;
  buttons?: DialogButton[];
  /** Close by itself after this many milliseconds (resolves null). */
  timeoutMs?: number;
  /** Set by showDialog: receives the pressed button id, or null when dismissed. */
  onResult?: (buttonId: string | null) => void;
};

export type ModalOptionsMap = {
  loginPopupModal: { tab?: 'username' | 'sms' };
  registerModal: { tab?: 'username' | 'mobile'; referralCode?: string };
  /** Forced change: first login, expired or default password (spec section 2). */
  changePassModal: { reason?: 'firstLogin' | 'expired' | 'default'; forced?: boolean };
  forgetPassModal: { method?: 'email' | 'mobile' };
  /** Opens the help centre on one article. */
  helpModal: { slug?: string };
  noticeModal: { noticeId?: number };
  publicModal: PublicModalOptions;
  /** The agent-site login (the popup form shared with /agent). */
  loginModal: { agent?: boolean };
  /** The game popup (spec section 2): the games of a vendor-type vendor, to pick one and play. */
  gameListModal: { vassalage: string; gameType: string; vendorName: string };
  /** The points mall: a reward's detail and its redeem form. */
  pointsRedeemModal: { rewardId: string };
  /** The points mall: convert points to cash (optionally prefilled). */
  pointsConvertModal: { points?: string };
  /** A promotion's details, rules and button (spec section 2: a promotion link opens it). */
  promotionModal: { code: string };
  /** The customer-service chat (issue 15): members and guests talk to staff. */
  supportChatModal: { from?: 'rightBar' | 'header' | 'sideMenu' | 'page' };
  /** The brand's public chat room (spec section 2, popups). */
  chatRoomModal: { from?: 'sideMenu' | 'chat' };
};

export type ModalName = keyof ModalOptionsMap;
export const MODAL_NAMES = [
  'loginPopupModal',
  'registerModal',
  'changePassModal',
  'forgetPassModal',
  'helpModal',
  'noticeModal',
  'publicModal',
  'loginModal',
  'gameListModal',
  'pointsRedeemModal',
  'pointsConvertModal',
  'promotionModal',
  'supportChatModal',
  'chatRoomModal',
] as const satisfies readonly ModalName[];

export const isModalName = (value: unknown): value is ModalName =>
  typeof value === 'string' && (MODAL_NAMES as readonly string[]).includes(value);

/** One open modal: a discriminated union on `name`, so `options` is typed by it. */
export type OpenModal = {
  [K in ModalName]: { id: number; name: K; options: ModalOptionsMap[K]; opener: HTMLElement | null };
}[ModalName];

type OptionsArg<K extends ModalName> = object extends ModalOptionsMap[K] ? [options?: ModalOptionsMap[K]] : [options: ModalOptionsMap[K]];

export type ModalState = {
  /** Bottom to top; the last entry has focus. */
  stack: OpenModal[];
  open: <K extends ModalName>(name: K, ...options: OptionsArg<K>) => number;
  /** Closes the modal with this id, or the top one. */
  close: (id?: number) => void;
  closeAll: () => void;
};

let nextId = 1;

/** The element that had focus when a modal opened, so focus can return there on close. */
function currentFocus(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const el = document.activeElement;
  return el instanceof HTMLElement && el !== document.body ? el : null;
}

export const useModalStore = create<ModalState>()((set, get) => ({
  stack: [],
  open(name, ...[options]) {
    const id = nextId++;
    const entry = { id, name, options: options ?? {}, opener: currentFocus() } as OpenModal;
    set(({ stack }) => {
      if (name === 'publicModal') return { stack: [...stack, entry] };
      // Popups replace each other; a replaced popup hands its opener on, so focus still returns to the page.
      const replaced = stack.find((m) => m.name !== 'publicModal');
      if (replaced) entry.opener = replaced.opener;
      return { stack: [...stack.filter((m) => m.name === 'publicModal'), entry] };
    });
    return id;
  },
  close(id) {
    const { stack } = get();
    const target = id === undefined ? stack.at(-1) : stack.find((m) => m.id === id);
    if (!target) return;
    set({ stack: stack.filter((m) => m !== target) });
    if (target.name === 'publicModal') target.options.onResult?.(null);
  },
  closeAll() {
    const { stack } = get();
    set({ stack: [] });
    for (const m of stack) if (m.name === 'publicModal') m.options.onResult?.(null);
  },
}));

export const openModal = <K extends ModalName>(name: K, ...options: OptionsArg<K>) => useModalStore.getState().open(name, ...options);
export const closeModal = (id?: number) => useModalStore.getState().close(id);
export const closeAllModals = () => useModalStore.getState().closeAll();
export const isModalOpen = (name: ModalName) => useModalStore.getState().stack.some((m) => m.name === name);

/**
 * The generic dialog (spec: icon, title, html, buttons; closes on cover click
 * or after a timeout). Resolves with the pressed button's id, or null when the
 * dialog was dismissed (cover, Escape, timeout, close button).
 */
export function showDialog(options: Omit<PublicModalOptions, 'onResult'>): Promise<string | null> {
  return new Promise((resolve) => {
    let settled = false;
    const onResult = (buttonId: string | null) => {
      if (settled) return;
      settled = true;
      resolve(buttonId);
    };
    openModal('publicModal', { buttons: [{ id: 'ok', labelKey: 'dialog.ok', variant: 'primary' }], ...options, onResult });
  });
}

/** Pressing a dialog button: report it, then close the dialog. */
export function pressDialogButton(id: number, buttonId: string) {
  const entry = useModalStore.getState().stack.find((m) => m.id === id);
  if (entry?.name === 'publicModal') entry.options.onResult?.(buttonId);
  closeModal(id);
}
